import fs from 'node:fs';
import path from 'node:path';
import { messages } from './messages';

const apiRoot = path.resolve(__dirname, '..', '..');

/** Every source file of the API but the messages file itself, the generated metadata and the tests. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) && !/^(messages|metadata)\.ts$/.test(entry.name)
      ? [file]
      : [];
  });
}

describe('common/messages.ts is the one copy of every Korean sentence (STYLE.md, docs/decisions/0019-remotes-ship-alone.md)', () => {
  const sentences: string[] = Object.values(messages).filter((value) => typeof value === 'string');

  it('has the sentences', () => {
    expect(sentences.length).toBeGreaterThan(40);
  });

  it('no API source file or api/README.md retypes one of them: they reference the constant', () => {
    const files = [...sourceFiles(path.join(apiRoot, 'src')), path.join(apiRoot, 'README.md')];
    const retyped = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return sentences
        .filter((sentence) => text.includes(sentence))
        .map((sentence) => `${path.relative(apiRoot, file)}: ${sentence}`);
    });
    expect(retyped).toEqual([]);
  });
});
