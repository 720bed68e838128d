import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CONTRACT_FILES, generateRules, staleContractFiles, staticImports } from './contract';
import { messages } from '../common/messages';

jest.setTimeout(120_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');

describe('the committed contract (contract/, api/src/metadata.ts)', () => {
  it('is what the API sources generate: `npm run contract -- --check` passes', () => {
    // A child process: the generators are ES modules, which jest's module system does not load.
    const result = spawnSync(
      process.execPath,
      ['-r', path.join(__dirname, '../../../build/register-swc.js'), path.join(__dirname, 'contract.ts'), '--check'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(`${result.stdout}${result.stderr}`).toContain('contract: up to date');
    expect(result.status).toBe(0);
  });
});

describe('staleContractFiles', () => {
  const generated = { metadata: 'm', openapi: '{}', types: 't', rules: 'r' };
  const committed: Record<string, string | null> = {
    [CONTRACT_FILES.metadata]: 'm',
    [CONTRACT_FILES.openapi]: '{}',
    [CONTRACT_FILES.types]: 't',
    [CONTRACT_FILES.rules]: 'r',
  };

  it('names no file when every committed file matches', () => {
    expect(staleContractFiles(generated, (file) => committed[file] ?? null)).toEqual([]);
  });

  it('names a changed and a missing file', () => {
    const read = (file: string) =>
      file === CONTRACT_FILES.openapi ? '{"changed":true}' : file === CONTRACT_FILES.types ? null : committed[file]!;
    expect(staleContractFiles(generated, read)).toEqual([CONTRACT_FILES.openapi, CONTRACT_FILES.types]);
  });
});

describe('staticImports', () => {
  it("turns the plugin's dynamic imports into namespace imports at the top, one per file", () => {
    const source =
      '/* eslint-disable */\nexport default async () => { const t = { ["./a.dto"]: await import("./a.dto") }; return [[import("./a.dto"), {}], [import("./b.dto"), {}]]; };\n';
    const result = staticImports(source);
    expect(result).toContain("import * as m0 from './a.dto';\nimport * as m1 from './b.dto';\n");
    expect(result).toContain('["./a.dto"]: await m0');
    expect(result).toContain('[[m0, {}], [m1, {}]]');
    expect(result).not.toMatch(/import\(/);
  });
});

describe('generateRules', () => {
  it('copies the shared rules as they are and adds the chosen messages', () => {
    const text = generateRules('export const A = 1;\n', messages);
    expect(text).toContain('export const A = 1;\n');
    expect(text).toContain(`"linkUrlInvalid": ${JSON.stringify(messages.linkUrlInvalid)}`);
  });

  it('refuses a source that imports something (the copy could not resolve it)', () => {
    expect(() => generateRules("import { x } from './x';\nexport const A = x;\n", messages)).toThrow(/must not import/);
    expect(() => generateRules("export { x } from './x';\n", messages)).toThrow(/must not import/);
  });
});
