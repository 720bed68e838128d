import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { messages } from '../common/messages';
import { withRows } from '../test/backup-archive';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

jest.setTimeout(180_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Runs an API command from its sources in a child Node (PGlite does not load inside jest), with `input` on stdin. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', path.join(repoRoot, 'build/register-swc.js'), script, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(input);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const command = path.join(__dirname, 'backup-command.ts');

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Moving a site from the embedded database to PostgreSQL (docs/decisions/0026-creator-features.md): `npm run backup` on
 * the one, `npm run restore` on the other, the same commands a person types (run from the sources here).
 */
describe('npm run backup on the embedded database, npm run restore on PostgreSQL', () => {
  let dataDir: string;
  let file: string;
  let target: TestDatabase;
  let saved: Record<string, number>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-backup-cli-'));
    file = path.join(dataDir, 'site.tar.gz');
    target = await createTestDatabase();
    const seeded = await run(path.join(__dirname, '../seed/seed-command.ts'), [], { DATA_DIR: dataDir });
    expect(seeded).toMatchObject({ code: 0 });
  });
  afterAll(async () => {
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up the embedded site into one file', async () => {
    const backup = await run(command, ['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    const line = /백업을 저장했습니다: (\S+) (\{.*\})/.exec(backup.output);
    expect(line?.[1]).toBe(file);
    saved = JSON.parse(line![2]!) as Record<string, number>;
    expect(saved.links).toBeGreaterThanOrEqual(24);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('does not restore when the person answers no', async () => {
    const answer = await run(command, ['restore', file], { DATABASE_URL: target.url }, 'n\n');
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('백업 파일을 확인했습니다. 복원하면 아래 내용으로 바뀝니다.');
    expect(answer.output).toContain(`links: 0 → ${saved.links}`);
    expect(answer.output).toContain('복원하지 않았습니다.');
    expect(await rows(target.url, 'SELECT id FROM links')).toEqual([]);
  });

  it('refuses a damaged file with the Korean reason, changing nothing', async () => {
    const damaged = path.join(dataDir, 'damaged.tar.gz');
    fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, 5000));
    const refused = await run(command, ['restore', damaged, '--yes'], { DATABASE_URL: target.url });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('백업 파일이 중간에 끊겨 있습니다.');
    expect(await rows(target.url, 'SELECT id FROM links')).toEqual([]);
  });

  it('refuses a file with a row the API would refuse (a javascript: link), naming the row, changing nothing', async () => {
    const forged = path.join(dataDir, 'forged.tar.gz');
    const archive = await withRows(fs.readFileSync(file), 'links', (links) => {
      links[1]!.link = 'javascript:alert(1)';
    });
    fs.writeFileSync(forged, archive);
    const refused = await run(command, ['restore', forged, '--yes'], { DATABASE_URL: target.url });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(messages.backupRowInvalid('links', 2, messages.linkUrlInvalid));
    expect(await rows(target.url, 'SELECT id FROM links')).toEqual([]);
  });

  it('restores it into PostgreSQL: the same rows and the same image bytes', async () => {
    const restored = await run(command, ['restore', file, '--yes'], { DATABASE_URL: target.url });
    expect(restored.code).toBe(0);
    expect(restored.output).toContain('백업을 복원했습니다.');
    const counts = await rows(
      target.url,
      `SELECT (SELECT count(*) FROM links)::int AS links, (SELECT count(*) FROM plans)::int AS plans,
              (SELECT count(*) FROM images)::int AS images, (SELECT count(*) FROM cover)::int AS cover`,
    );
    expect(counts).toEqual([{ links: saved.links, plans: saved.plans, images: saved.images, cover: saved.cover }]);
    const images = await rows(target.url, `SELECT key, bytes FROM images`);
    for (const image of images) {
      expect(
        createHash('sha256')
          .update(image.bytes as Buffer)
          .digest('hex'),
      ).toBe(image.key);
    }
  });
});
