import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrations } from './migration-files';

describe('readMigrations', () => {
  const folder = path.join(__dirname, 'migrations');

  it('reads every migration of the folder, in timestamp order, each named for its timestamp', () => {
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.ts'));
    const migrations = readMigrations(folder);
    expect(migrations).toHaveLength(files.length);
    const timestamps = migrations.map((migration) => Number(/(\d{13})$/.exec(migration.name)?.[1]));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(new Set(timestamps).size).toBe(timestamps.length);
    expect(migrations[0]!.name).toBe('InitialSchema1763701200000');
  });

  describe('in a folder of its own', () => {
    let dir: string;
    const write = (file: string, source: string) => fs.writeFileSync(path.join(dir, file), source);
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-migrations-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('orders by timestamp, not by when a file was written, and skips what is not a migration', () => {
      write('1700000000002-second.js', 'exports.Second1700000000002 = class Second1700000000002 {};');
      write('1700000000001-first.js', 'exports.First1700000000001 = class First1700000000001 {};');
      write('1700000000001-first.js.map', '{}');
      write('README.md', '# notes');
      expect(readMigrations(dir).map((migration) => migration.name)).toEqual([
        'First1700000000001',
        'Second1700000000002',
      ]);
    });

    it.each([
      ['two exports', 'exports.A1700000000003 = class A1700000000003 {}; exports.helper = 1;'],
      ['a class not named for the timestamp', 'exports.Later = class Later {};'],
      ['no class', 'exports.A1700000000003 = 42;'],
    ])('refuses a file with %s, naming it', (_, source) => {
      write('1700000000003-broken.js', source);
      expect(() => readMigrations(dir)).toThrow(
        '1700000000003-broken.js: a migration file exports one class, its name ending with 1700000000003',
      );
    });
  });
});
