import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The repository explains itself (docs/decisions/0069-repository-explains-itself.md): code and docs cite
 * docs/product.md and docs/decisions/, never a document the repository does not hold. scripts/check-citations.mjs
 * is the rule; these tests run it on the tree, on the tree as scripts/rewrite-citations.mjs leaves it, and on a
 * planted bad tree in a temporary folder, where it must fail.
 */
jest.setTimeout(120_000);

const repoRoot = path.resolve(__dirname, '..', '..');
const checker = path.join(repoRoot, 'scripts', 'check-citations.mjs');
const rewriter = path.join(repoRoot, 'scripts', 'rewrite-citations.mjs');

interface Finding {
  file: string;
  line: number;
  kind: 'dangling' | 'broken';
  message: string;
}

/** Runs the checker on `root`: its exit status and findings (`--json`). */
function check(root: string): { status: number | null; findings: Finding[]; files: number } {
  const result = spawnSync(process.execPath, [checker, '--root', root, '--json'], { encoding: 'utf8' });
  if (result.error) throw result.error;
  const report = JSON.parse(result.stdout) as { findings: Finding[]; files: number };
  return { status: result.status, ...report };
}

const temporaryDirs: string[] = [];
function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citations-'));
  temporaryDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const PRODUCT = '# The product\n\n## 1. Purpose and audience\n\n## 5. Validation\n\nRules.\n';

describe('scripts/check-citations.mjs', () => {
  it('finds nothing in the tree: no tracker or specification citation, no path or anchor that does not exist', () => {
    const { status, findings, files } = check(repoRoot);
    expect(files).toBeGreaterThan(500);
    expect(findings).toEqual([]);
    expect(status).toBe(0);
  });

  it('finds nothing in the tree once scripts/rewrite-citations.mjs has rewritten it (its mapping covers every citation)', () => {
    // A copy of the tracked files as they are in the working tree, so the tree itself is never rewritten here.
    const copy = temporaryDir();
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && fs.existsSync(path.join(repoRoot, file)));
    for (const file of tracked) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, file), path.join(copy, file));
    }
    execFileSync('git', ['init', '-q'], { cwd: copy });
    execFileSync('git', ['add', '-A'], { cwd: copy });

    const first = execFileSync(process.execPath, [rewriter, '--root', copy, '--no-format'], { encoding: 'utf8' });
    expect(first).toMatch(/^rewrite-citations: \d+ citations rewritten in \d+ files/m);
    const { status, findings } = check(copy);
    expect(findings).toEqual([]);
    expect(status).toBe(0);

    // Idempotent: a second run over its own output changes nothing.
    const second = execFileSync(process.execPath, [rewriter, '--root', copy, '--no-format'], { encoding: 'utf8' });
    expect(second).toContain('rewrite-citations: 0 citations rewritten in 0 files');
  });

  it('fails on each kind of planted bad citation, and passes the same tree once it links what exists', () => {
    const planted = temporaryDir();
    write(planted, 'docs/product.md', PRODUCT);
    write(planted, 'docs/decisions/0001-response-envelope.md', '# 0001. Response envelope\n');
    write(
      planted,
      'src/bad.ts',
      [
        '/** Answers 409 (issue 28 item 1). */',
        '// DECISIONS D5: the role, and the bare D3 too',
        '// spec §5 says so',
        '// see docs/decisions/0999-missing.md',
        '// see docs/product.md#9-no-such-section',
        '// fine: docs/product.md#5-validation and docs/decisions/0001-response-envelope.md, RFC 6750 §3',
        '',
      ].join('\n'),
    );
    write(planted, 'README.md', 'See [the rule](docs/decisions/0002-gone.md) and issue 13.\n');

    const bad = check(planted);
    expect(bad.status).toBe(1);
    expect(bad.findings.map(({ file, line, kind }) => `${file}:${line} ${kind}`)).toEqual([
      'README.md:1 dangling',
      'README.md:1 broken',
      'README.md:1 broken',
      'src/bad.ts:1 dangling',
      'src/bad.ts:2 dangling',
      'src/bad.ts:2 dangling',
      'src/bad.ts:3 dangling',
      'src/bad.ts:4 broken',
      'src/bad.ts:5 broken',
    ]);
    expect(bad.findings.find((finding) => finding.line === 5)?.message).toContain('has no heading #9-no-such-section');

    write(
      planted,
      'src/bad.ts',
      '/** Answers 409 (docs/decisions/0001-response-envelope.md, docs/product.md#5-validation). */\n',
    );
    write(planted, 'README.md', 'See [the rule](docs/decisions/0001-response-envelope.md).\n');
    const good = check(planted);
    expect(good.findings).toEqual([]);
    expect(good.status).toBe(0);
  });
});
