import fs from 'node:fs';
import path from 'node:path';
import type { MigrationInterface } from 'typeorm';

/** A migration class as TypeORM takes it. */
export type MigrationClass = new () => MigrationInterface;

/**
 * A migration's file name: its timestamp (Unix ms, 13 digits), a dash and its name in kebab case, as source (`.ts`,
 * the tests) or compiled (`.js`, `dist/`); `1796213100000-link-disclosure.ts`.
 */
const MIGRATION_FILE = /^(\d{13})-[a-z0-9]+(?:-[a-z0-9]+)*\.(?:ts|js)$/;

/**
 * Every migration in `dir`, in timestamp order (the order they run in), read from the folder as TypeORM's own
 * `migrations: ['…/*.js']` would, so a new migration is one new file and no list to extend
 * (docs/adding-a-feature.md). Each file exports one class whose name ends with the file's timestamp
 * (`LinkDisclosure1796213100000`, TypeORM's rule for a migration's name).
 * @throws Error naming the file when one exports anything else, so a stray file fails the start, not a later run
 */
export function readMigrations(dir: string): MigrationClass[] {
  return fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => {
      const timestamp = MIGRATION_FILE.exec(file)![1]!;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder's files, known only at run time
      const exported = Object.values(require(path.join(dir, file)) as Record<string, unknown>);
      const [migration] = exported;
      if (exported.length !== 1 || typeof migration !== 'function' || !migration.name.endsWith(timestamp)) {
        throw new Error(`${file}: a migration file exports one class, its name ending with ${timestamp}`);
      }
      return migration as MigrationClass;
    });
}
