import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { adminClient } from '../test/admin-client';
import { AdminTestApp } from '../test/admin-test-app';
import { startTestIssuer, type TestIssuer } from '../test/test-issuer';
import { createTestApp } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { openDataSource } from './run-migrations';
import { migrations, typeormOptions } from './typeorm-options';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const FIRST = migrations[0]!;
const TABLES = ['images', 'links', 'plans', 'popup_slots', 'cover', 'administrators'] as const;

/**
 * Upgrades keep data (docs/decisions/0029-backup-restore-upgrade.md): a database is filled at the first migration, then
 * every later migration runs on it (whatever migrations exist when this runs, so each new one is tested this way), and
 * every row is still there, column for column, and served by the API.
 */
describe('upgrading a database filled at the first migration', () => {
  let database: TestDatabase;
  let issuer: TestIssuer;
  let t: AdminTestApp | undefined;
  /** Every table's rows as they were written, before the upgrade. */
  let before: Record<string, Record<string, unknown>[]>;
  let imageKeys: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = new DataSource({ ...typeormOptions(database.url), migrations: [FIRST] });
    await first.initialize();
    try {
      await first.runMigrations();
      const images = await Promise.all(
        ['#e11d48', '#2563eb'].map((colour) =>
          sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
            .png()
            .toBuffer(),
        ),
      );
      imageKeys = images.map((bytes) => createHash('sha256').update(bytes).digest('hex'));
      for (const [index, bytes] of images.entries()) {
        await first.query(
          `INSERT INTO images (key, content_type, width, height, byte_size, bytes) VALUES ($1, 'image/png', 40, 30, $2, $3)`,
          [imageKeys[index], bytes.length, bytes],
        );
      }
      await first.query(
        `INSERT INTO links (pname, tags, link, imagelink, image_key, pcode) VALUES
           ('수제 딸기잼', '{간식,선물}', 'https://shop.example/1', NULL, $1, 0),
           ('캠핑 랜턴', '{캠핑}', NULL, 'https://img.example/l.png', NULL, 1),
           ('녹차 티백', '{}', 'https://shop.example/3', NULL, NULL, 2)`,
        [imageKeys[0]],
      );
      await first.query(
        `INSERT INTO plans (title, startdate, enddate) VALUES ('사전 예약', '2026-11-22', '2026-11-24'), ('오픈', '2026-11-18', '2026-11-30')`,
      );
      await first.query(
        `INSERT INTO popup_slots (cnt, startdate, enddate, head_count, bookable_tables) VALUES
           ('1', '2026-12-01T02:00:00Z', '2026-12-01T03:00:00Z', 40, 10), (NULL, '2026-12-02T02:00:00Z', '2026-12-02T04:00:00Z', 0, 0)`,
      );
      await first.query(`INSERT INTO cover (id, image_key) VALUES (1, $1)`, [imageKeys[1]]);
      await first.query(
        `INSERT INTO administrators (sub, username, name, email) VALUES ('sub-1', 'admin', '관리자', 'a@example.com')`,
      );
      before = {};
      for (const table of TABLES) before[table] = await first.query(`SELECT * FROM ${table} ORDER BY 1`);
    } finally {
      await first.destroy();
    }
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it(`runs every later migration (${migrations.length - 1}) and keeps every row, column for column`, async () => {
    const upgraded = await openDataSource(typeormOptions(database.url), true);
    try {
      const applied = (await upgraded.query(`SELECT name FROM migrations ORDER BY id`)).map(
        (m: { name: string }) => m.name,
      );
      expect(applied).toEqual(migrations.map((Migration) => new Migration().name));
      for (const table of TABLES) {
        const after: Record<string, unknown>[] = await upgraded.query(`SELECT * FROM ${table} ORDER BY 1`);
        const kept = after.map((row, index) =>
          Object.fromEntries(Object.keys(before[table]![index] ?? row).map((column) => [column, row[column]])),
        );
        expect([table, kept]).toEqual([table, before[table]]);
      }
    } finally {
      await upgraded.destroy();
    }
  });

  it('serves the upgraded rows through the API', async () => {
    issuer = await startTestIssuer({ clock: () => NOW });
    const app = await createTestApp(NOW, { OIDC_ISSUER: issuer.issuer }, database);
    t = { ...app, issuer, bearer: async () => `Bearer ${await issuer.mint()}` };
    const api = await adminClient(t);
    const store = (await api.anonymous().get('/api/store').expect(200)).body.product;
    // docs/decisions/0070-disclosure-label.md: links made before the disclosure read none.
    expect(store.map((l: { disclosure: string }) => l.disclosure)).toEqual(['none', 'none', 'none']);
    expect(
      store.map((l: { pname: string; tags: string[]; imagelink: string | null }) => [l.pname, l.tags, l.imagelink]),
    ).toEqual([
      ['수제 딸기잼', ['간식', '선물'], `/api/images/${imageKeys[0]}`],
      ['캠핑 랜턴', ['캠핑'], 'https://img.example/l.png'],
      ['녹차 티백', [], null],
    ]);
    expect(
      (await api.anonymous().get('/api/plan/list').expect(200)).body.product.map((p: { title: string }) => p.title),
    ).toEqual(['오픈', '사전 예약']);
    expect((await api.get('/api/popup/list').expect(200)).body.product).toHaveLength(2);
    expect((await api.anonymous().get('/api/cover').expect(200)).body.product.imagelink).toBe(
      `/api/images/${imageKeys[1]}`,
    );
    const image = await api.anonymous().get(`/api/images/${imageKeys[0]}`).buffer(true).expect(200);
    expect(
      createHash('sha256')
        .update(image.body as Buffer)
        .digest('hex'),
    ).toBe(imageKeys[0]);
  });
});
