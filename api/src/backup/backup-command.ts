import 'reflect-metadata';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { DataSource } from 'typeorm';
import { messages } from '../common/messages';
import { loadConfig } from '../config/app-config';
import { resolveDatabase } from '../database/resolve-database';
import { openDataSource } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';
import { backupFileName } from './backup.service';
import { BackupError } from './read-backup';
import { checkBackup, restoreBackup, type RestoreReport } from './restore-backup';
import { writeBackup } from './write-backup';

const USAGE = `사용법:
  npm run backup [-- --out <파일>]          사이트 전체를 백업 파일(.tar.gz) 하나로 저장합니다
  npm run restore -- <파일> [--yes]         백업 파일을 확인한 뒤 사이트 내용을 그것으로 바꿉니다`;

/**
 * `npm run backup` / `npm run restore` (docs/decisions/0026-creator-features.md): the same archive as the administrator
 * screen, on the configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the site first, it holds the
 * lock). Moving a site from the embedded database to PostgreSQL is `npm run backup` on the one and `npm run restore`
 * with DATABASE_URL set on the other (docs/backup.md). Both run the pending migrations first, under the migration lock.
 *
 *   backup [--out <file>]       default file: <DATA_DIR>/backups/linksite-backup-<date>-<time>.tar.gz
 *   restore <file> [--yes]      checks the whole file, prints what it replaces, asks (unless --yes), then restores
 *
 * Exit codes: 0 done, 1 refused or failed (the Korean reason is printed), 2 usage.
 */
async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await resolveDatabase(config, (line) => console.log(line));
  try {
    const dataSource = await openDataSource(typeormOptions(database.url, database.embedded !== undefined), true);
    try {
      if (command === 'backup') {
        const outIndex = rest.indexOf('--out');
        const file = resolve(
          outIndex >= 0 && rest[outIndex + 1]
            ? rest[outIndex + 1]!
            : join(config.dataDir, 'backups', backupFileName(new Date())),
        );
        mkdirSync(dirname(file), { recursive: true });
        const counts = await writeBackup(dataSource, createWriteStream(file, { mode: 0o600 }), new Date());
        console.log(messages.backupSaved(file, counts));
        return 0;
      }
      const file = rest.find((arg) => !arg.startsWith('--'));
      if (!file) {
        console.error(USAGE);
        return 2;
      }
      // The running API processes drop their cached public reads: the restore's writes announced themselves
      // (migrations/1795953600000-public-cache-notify.ts).
      return await restore(dataSource, resolve(file), rest.includes('--yes'));
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await database.embedded?.stop();
  }
}

async function restore(dataSource: DataSource, file: string, yes: boolean): Promise<number> {
  try {
    const report = await checkBackup(dataSource, createReadStream(file));
    console.log(describe(report));
    if (!yes && !(await confirm(messages.backupConfirm))) {
      console.log(messages.backupCancelled);
      return 1;
    }
    const done = await restoreBackup(dataSource, createReadStream(file));
    console.log(`${messages.backupRestored} ${JSON.stringify(done.archive)}`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** What a restore replaces, one line per table: `links: 24 → 26`. */
function describe(report: RestoreReport): string {
  const lines = Object.keys(report.archive).map(
    (table) => `  ${table}: ${report.current[table] ?? 0} → ${report.archive[table]}`,
  );
  return `${messages.backupChecked} (${report.createdAt})\n${lines.join('\n')}`;
}

async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^(y|yes|예|네)$/i.test((await prompt.question(`${question} (y/N) `)).trim());
  } finally {
    prompt.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
