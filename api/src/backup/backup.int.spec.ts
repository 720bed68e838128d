import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { App } from 'supertest/types';
import { messages } from '../common/messages';
import { AnalyticsRollupService } from '../analytics/analytics-rollup.service';
import { AdminClient, adminClient } from '../test/admin-client';
import { AdminTestApp, createAdminTestApp } from '../test/admin-test-app';
import { entriesOf, type Entry, packOf, withManifest, withRows } from '../test/backup-archive';
import { bombArchive, GiB } from '../test/backup-bomb';
import { BACKUP_DECOMPRESSION_LIMITS } from './read-backup';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Each beacon's events written before its answer. */
const WRITE_THROUGH = { ANALYTICS_INGEST_FLUSH_MS: '0' };

/** Rows of each analytics rollup table in an archive's counts (missing ones 0). */
const analyticsCounts = (
  n: Partial<Record<'daily' | 'paths' | 'links' | 'referrers' | 'keywords' | 'devices', number>>,
) => ({
  analytics_daily: n.daily ?? 0,
  analytics_daily_paths: n.paths ?? 0,
  analytics_daily_links: n.links ?? 0,
  analytics_daily_referrers: n.referrers ?? 0,
  analytics_daily_keywords: n.keywords ?? 0,
  analytics_daily_devices: n.devices ?? 0,
  analytics_daily_utm_sources: 0,
});

/** supertest's parser for a binary body: the bytes as a Buffer. */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * docs/decisions/0029-backup-restore-upgrade.md: the archive of a site restored into another gives the same rows,
 * images and public answers; a damaged, truncated, foreign or newer archive is refused with a Korean message and
 * nothing changes. Two apps on two fresh databases of the real PostgreSQL.
 */
describe('backup and restore (integration, real PostgreSQL)', () => {
  let source: AdminTestApp;
  let target: AdminTestApp;
  let from: AdminClient;
  let to: AdminClient;
  let archive: Buffer;

  /** Every row of every table a restore touches, images as their keys and the SHA-256 of their bytes. */
  const tablesOf = async (t: AdminTestApp) => ({
    links: await t.dataSource.query(`SELECT * FROM links ORDER BY id`),
    plans: await t.dataSource.query(`SELECT * FROM plans ORDER BY id`),
    popups: await t.dataSource.query(`SELECT * FROM popup_slots ORDER BY id`),
    cover: await t.dataSource.query(`SELECT * FROM cover`),
    popupInfo: await t.dataSource.query(`SELECT * FROM popup_info`),
    bookings: await t.dataSource.query(`SELECT * FROM bookings ORDER BY id`),
    images: await t.dataSource.query(
      `SELECT key, content_type, width, height, byte_size, created_at, encode(sha256(bytes), 'hex') AS sha FROM images ORDER BY key`,
    ),
    analytics: {
      daily: await t.dataSource.query(`SELECT * FROM analytics_daily ORDER BY day`),
      links: await t.dataSource.query(`SELECT * FROM analytics_daily_links ORDER BY day, link_id, path`),
      referrers: await t.dataSource.query(`SELECT * FROM analytics_daily_referrers ORDER BY day, host`),
      keywords: await t.dataSource.query(`SELECT * FROM analytics_daily_keywords ORDER BY day, keyword`),
    },
  });
  /** A visitor's page view and card click, as the public page's beacon sends them. */
  const visit = (t: AdminTestApp, linkId: number) =>
    request(t.app.getHttpServer() as App)
      .post('/api/analytics/events')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .set('User-Agent', CHROME)
      .send(
        JSON.stringify({
          events: [
            { type: 'pageview', path: '/', referrer: 'https://www.instagram.com/' },
            { type: 'click', path: '/', linkId },
            { type: 'click', path: '/', keyword: '선물' },
          ],
        }),
      )
      .expect(204);
  const upload = (path: string, body: Buffer) => to.post(path, body).set('Content-Type', 'application/gzip');
  const refusal = async (body: Buffer, status = 400) => {
    const before = await tablesOf(target);
    const res = await upload('/api/backup/restore', body).expect(status);
    expect(await tablesOf(target)).toEqual(before);
    return res.body as { statusCode: number; message: string };
  };

  beforeAll(async () => {
    source = await createAdminTestApp(NOW, WRITE_THROUGH);
    target = await createAdminTestApp(NOW, { BACKUP_MAX_BYTES: String(8 * 1024 * 1024), ...WRITE_THROUGH });
    from = await adminClient(source);
    to = await adminClient(target);
    await seedDemoCatalogue(source.dataSource, source.clock);
    // Rows of every kind: a hidden 협찬 link with a window (docs/decisions/0070-disclosure-label.md: its disclosure), and
    // a popup slot.
    await from
      .post('/api/store/create', {
        pname: '공동구매 한정 세트',
        disclosure: 'sponsored',
        enabled: false,
        showFrom: '2026-12-01T10:00:00+09:00',
        showUntil: '2026-12-03T23:00:00+09:00',
      })
      .expect(201);
    const slot = (
      await from
        .post('/api/popup', {
          cnt: '1',
          startdate: '2026-12-05T11:00:00+09:00',
          enddate: '2026-12-05T12:00:00+09:00',
          count: 20,
          table: 5,
        })
        .expect(201)
    ).body.product;
    // The popup's information and a visitor's booking of that slot (docs/decisions/0030-popup-bookings.md).
    await from
      .put('/api/popup/info', { title: '겨울 팝업', place: '성수동 1층', notice: '노쇼 시 다음 예약이 제한됩니다.' })
      .expect(200);
    await from
      .anonymous()
      .post('/api/reserve/bookings')
      .set('Idempotency-Key', 'backup-spec-booking-0001')
      .send({ slotId: slot.id, name: '김예약', phone: '010-1234-5678', partySize: 2, consent: true })
      .expect(201);
    // Visits: today's raw events (rolled up by the backup itself) and an earlier day already rolled up.
    const [first] = await source.dataSource.query(`SELECT id FROM links ORDER BY pcode LIMIT 1`);
    await visit(source, first.id);
    await source.dataSource.query(
      `INSERT INTO analytics_daily (day, views, visitors, clicks) VALUES ('2026-11-01', 120, 80, 30);
       INSERT INTO analytics_daily_links (day, link_id, path, clicks) VALUES ('2026-11-01', ${first.id}, '/', 30)`,
    );
    const res = await from.get('/api/backup').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="linksite-backup-20261120-120000.tar.gz"');
    archive = res.body as Buffer;
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('writes format.json first, the images with their bytes, the tables, and the manifest last', async () => {
    const entries = await entriesOf(archive);
    expect(entries[0]).toEqual({ name: 'format.json', body: Buffer.from('{"format":"linksite-backup","version":1}') });
    expect(entries.at(-1)!.name).toBe('manifest.json');
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'data/images.ndjson',
        'data/links.ndjson',
        'data/plans.ndjson',
        'data/popup_slots.ndjson',
        'data/cover.ndjson',
        'data/analytics_daily.ndjson',
        'data/analytics_daily_links.ndjson',
      ]),
    );
    expect(names).not.toContain('data/analytics_events.ndjson');
    const images = entries.filter((e) => e.name.startsWith('images/'));
    expect(images.length).toBeGreaterThan(24);
    for (const image of images) expect(createHash('sha256').update(image.body).digest('hex')).toBe(image.name.slice(7));
  });

  it('refuses a gzip bomb (one 1 GiB entry in about 1 MB) with its Korean message, checked or restored', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of bombArchive(GiB).archive) chunks.push(chunk as Buffer);
    const bomb = Buffer.concat(chunks);
    const message = messages.backupEntryTooLarge('data/links.ndjson', BACKUP_DECOMPRESSION_LIMITS.entryMaxBytes);
    expect((await upload('/api/backup/check', bomb).expect(400)).body.message).toBe(message);
    expect((await refusal(bomb)).message).toBe(message);
  });

  it('checks the whole archive first and says what a restore replaces, changing nothing', async () => {
    await seedDemoCatalogue(target.dataSource, target.clock);
    const before = await tablesOf(target);
    const res = await upload('/api/backup/check', archive).expect(200);
    const sourceCounts = await tablesOf(source);
    expect(res.body).toEqual({
      message: '백업 파일을 확인했습니다. 복원하면 아래 내용으로 바뀝니다.',
      product: {
        createdAt: NOW.toISOString(),
        archive: {
          images: sourceCounts.images.length,
          links: sourceCounts.links.length,
          plans: sourceCounts.plans.length,
          popup_slots: 1,
          cover: 1,
          popup_info: 1,
          bookings: 1,
          ...analyticsCounts({ daily: 2, paths: 1, links: 2, referrers: 1, keywords: 1, devices: 1 }),
        },
        current: {
          images: before.images.length,
          links: before.links.length,
          plans: before.plans.length,
          popup_slots: 0,
          cover: 1,
          popup_info: 0,
          bookings: 0,
          ...analyticsCounts({}),
        },
      },
    });
    expect(await tablesOf(target)).toEqual(before);
  });

  it('restores every row and every image byte, and the site answers the same', async () => {
    const res = await upload('/api/backup/restore', archive).expect(200);
    expect(res.body.message).toBe('백업을 복원했습니다.');
    expect(await tablesOf(target)).toEqual(await tablesOf(source));
    // The target's own raw events went with its old content; the restored rollups stay when the rollup job runs.
    expect(await target.dataSource.query(`SELECT count(*)::int AS n FROM analytics_events`)).toEqual([{ n: 0 }]);
    await target.app.get(AnalyticsRollupService).rollUp();
    expect((await tablesOf(target)).analytics).toEqual((await tablesOf(source)).analytics);
    const publicOf = async (client: AdminClient) => ({
      store: (await client.anonymous().get('/api/store').expect(200)).body,
      tags: (await client.anonymous().get('/api/tag/list').expect(200)).body,
      plans: (await client.anonymous().get('/api/plan/list').expect(200)).body,
      cover: (await client.anonymous().get('/api/cover').expect(200)).body,
      all: (await client.get('/api/main/list').expect(200)).body,
      insights: (await client.get('/api/analytics/summary?days=30').expect(200)).body,
    });
    expect(await publicOf(to)).toEqual(await publicOf(from));
    const { imagelink } = (await to.anonymous().get('/api/cover').expect(200)).body.product;
    await to.anonymous().get(`${imagelink}?w=320`).expect(200);
    // New rows continue after the restored ids.
    const created = (await to.post('/api/store/create', { pname: '복원 뒤 새 링크' }).expect(201)).body.product;
    expect(created.id).toBeGreaterThan(Math.max(...(await tablesOf(source)).links.map((l: { id: number }) => l.id)));
  });

  it('refuses a file that is not a backup, naming it in Korean', async () => {
    const foreign =
      '링크 & 일정 백업 파일이 아닙니다. 관리자 화면 ‘백업 및 복원’에서 ‘백업 파일 받기’로 받은 .tar.gz 파일을 그대로 올려주세요.';
    expect(await refusal(Buffer.from('hello, this is not gzip'))).toEqual({
      statusCode: 400,
      message: foreign,
      requestId: expect.any(String),
    });
    expect((await refusal(gzipSync(Buffer.from('not a tar file at all')))).message).toBe(foreign);
    expect((await refusal(await packOf([{ name: 'notes.txt', body: Buffer.from('메모') }]))).message).toBe(foreign);
    const other = await packOf([{ name: 'format.json', body: Buffer.from('{"format":"other-app","version":1}') }]);
    expect((await refusal(other)).message).toBe(foreign);
  });

  it('refuses an archive of a newer format or of a newer schema', async () => {
    const entries = await entriesOf(archive);
    entries[0]!.body = Buffer.from('{"format":"linksite-backup","version":2}');
    expect((await refusal(await packOf(entries))).message).toBe(
      '이 백업은 더 새로운 형식(v2)으로 만들어져 이 버전(v1까지 지원)에서는 복원할 수 없습니다. 사이트를 업데이트한 뒤 다시 시도해주세요.',
    );
    const newer = await withManifest(await entriesOf(archive), (manifest) => {
      (manifest.schema as string[]).push('FutureFeature9999999999999');
    });
    expect((await refusal(newer)).message).toBe(
      '이 백업은 이 사이트에 없는 데이터 구조(FutureFeature9999999999999)에서 만들어졌습니다. 사이트를 업데이트한 뒤 다시 시도해주세요.',
    );
    // A newer site's table: its migration is named, not the unknown file; without a new migration, the file is refused.
    const withTable = async () =>
      (await entriesOf(archive)).flatMap((e) =>
        e.name === 'manifest.json' ? [{ name: 'data/future_feature.ndjson', body: Buffer.from('{"id":1}\n') }, e] : [e],
      );
    const newerTable = await withManifest(await withTable(), (manifest) => {
      (manifest.schema as string[]).push('FutureFeature9999999999999');
    });
    expect((await refusal(newerTable)).message).toBe(
      '이 백업은 이 사이트에 없는 데이터 구조(FutureFeature9999999999999)에서 만들어졌습니다. 사이트를 업데이트한 뒤 다시 시도해주세요.',
    );
    expect((await refusal(await withManifest(await withTable()))).message).toBe(
      '백업 파일에 알 수 없는 항목이 있습니다(data/future_feature.ndjson).',
    );
  });

  it('refuses a damaged archive: a changed image byte, a changed row, a row pointing at no image', async () => {
    const imageChanged = await entriesOf(archive);
    const image = imageChanged.find((e) => e.name.startsWith('images/'))!;
    image.body = Buffer.from(image.body);
    const last = image.body.length - 1;
    image.body.writeUInt8(image.body.readUInt8(last) ^ 0xff, last);
    expect((await refusal(await packOf(imageChanged))).message).toBe(
      `백업 파일이 손상되었습니다(${image.name}). 다른 백업 파일로 다시 시도해주세요.`,
    );
    // Even with a manifest made to match, the image's bytes are not what its key says.
    expect((await refusal(await withManifest(imageChanged))).message).toBe(
      `백업 파일이 손상되었습니다(${image.name}). 다른 백업 파일로 다시 시도해주세요.`,
    );

    const rowChanged = await entriesOf(archive);
    const links = rowChanged.find((e) => e.name === 'data/links.ndjson')!;
    links.body = Buffer.from(links.body.toString().replace('"pname":"', '"pname":"X'));
    expect((await refusal(await packOf(rowChanged))).message).toBe(
      '백업 파일이 손상되었습니다(data/links.ndjson). 다른 백업 파일로 다시 시도해주세요.',
    );

    const dangling = await entriesOf(archive);
    const cover = dangling.find((e) => e.name === 'data/cover.ndjson')!;
    cover.body = Buffer.from(
      cover.body.toString().replace(/"image_key":"[0-9a-f]{64}"/, `"image_key":"${'0'.repeat(64)}"`),
    );
    expect((await refusal(await withManifest(dangling))).message).toBe(
      '백업 파일이 손상되었습니다(data/cover.ndjson). 다른 백업 파일로 다시 시도해주세요.',
    );
  });

  it('refuses a truncated archive: cut short, or without its manifest, or missing a file', async () => {
    const truncated = '백업 파일이 중간에 끊겨 있습니다. 파일을 끝까지 받았는지 확인해주세요.';
    expect((await refusal(archive.subarray(0, Math.floor(archive.length / 2)))).message).toBe(truncated);
    const withoutManifest = (await entriesOf(archive)).filter((e) => e.name !== 'manifest.json');
    expect((await refusal(await packOf(withoutManifest))).message).toBe(truncated);
    const withoutPlans = (await entriesOf(archive)).filter((e) => e.name !== 'data/plans.ndjson');
    expect((await refusal(await packOf(withoutPlans))).message).toBe(truncated);
  });

  it('refuses an archive with an entry it does not know, and one over BACKUP_MAX_BYTES (413)', async () => {
    const extra = await entriesOf(archive);
    extra.splice(1, 0, { name: 'scripts/run.sh', body: Buffer.from('rm -rf /') });
    expect((await refusal(await packOf(extra))).message).toBe(
      '백업 파일에 알 수 없는 항목이 있습니다(scripts/run.sh).',
    );
    const big = Buffer.concat([archive, Buffer.alloc(9 * 1024 * 1024)]);
    expect(await refusal(big, 413)).toEqual({
      statusCode: 413,
      message: '백업 파일이 너무 큽니다. 최대 8388608바이트까지 올릴 수 있습니다.',
      requestId: expect.any(String),
    });
  });

  it('refuses a row the API would refuse as input, naming its table and row: a javascript: link is never restored', async () => {
    const before = (await to.anonymous().get('/api/store').expect(200)).text;
    const forged = await withRows(archive, 'links', (rows) => {
      rows[2]!.link = 'javascript:alert(1)';
    });
    const message = '백업 파일의 links 3번째 행은 복원할 수 없습니다: ' + messages.linkUrlInvalid;
    expect((await upload('/api/backup/check', forged).expect(400)).body).toEqual({
      statusCode: 400,
      message,
      requestId: expect.any(String),
    });
    expect((await refusal(forged)).message).toBe(message);
    const after = (await to.anonymous().get('/api/store').expect(200)).text;
    expect(after).toBe(before);
    expect(after).not.toContain('javascript:');

    // Each table with an API input is held to that input's rules and sentences: lengths, enums, ranges, dates, text;
    // the images to the type their bytes announce.
    const cases: { table: string; row: number; column: string; value: unknown; reason: string }[] = [
      { table: 'links', row: 1, column: 'pname', value: '가'.repeat(101), reason: messages.pnameTooLong },
      {
        table: 'links',
        row: 2,
        column: 'imagelink',
        value: 'data:text/html,<b>x</b>',
        reason: messages.imagelinkInvalid,
      },
      {
        table: 'links',
        row: 4,
        column: 'tags',
        value: [...Array(21).keys()].map(String),
        reason: messages.tooManyTags,
      },
      { table: 'links', row: 1, column: 'pname', value: '\u202e상품', reason: messages.bidiControl('pname') },
      { table: 'plans', row: 1, column: 'startdate', value: '2026-02-30', reason: messages.planDateInvalid },
      { table: 'popup_slots', row: 1, column: 'cnt', value: '4', reason: messages.popupTurnInvalid },
      { table: 'popup_slots', row: 1, column: 'head_count', value: 100_001, reason: messages.popupCountInvalid },
      { table: 'popup_info', row: 1, column: 'title', value: '', reason: messages.popupInfoTitleInvalid },
      { table: 'bookings', row: 1, column: 'phone', value: '01112345678', reason: messages.bookingPhoneInvalid },
      { table: 'images', row: 1, column: 'content_type', value: 'text/html', reason: messages.imageUnreadable },
    ];
    const forge = ({ table, row, column, value }: (typeof cases)[number]) =>
      withRows(archive, table, (rows) => {
        rows[row - 1]![column] = value;
      });
    for (const bad of cases) {
      expect((await upload('/api/backup/check', await forge(bad)).expect(400)).body.message).toBe(
        messages.backupRowInvalid(bad.table, bad.row, bad.reason),
      );
    }
    // The same check runs before a restore writes anything (the images are inserted as they stream by).
    for (const bad of cases.filter((c) => ['images', 'bookings'].includes(c.table))) {
      expect((await refusal(await forge(bad))).message).toBe(messages.backupRowInvalid(bad.table, bad.row, bad.reason));
    }
  });

  it('refuses an archive whose rows carry a column this version does not have, as not made by this version', async () => {
    const extra = await withRows(archive, 'links', (rows) => {
      rows[4]!.shadow_url = 'javascript:alert(1)';
    });
    const message = '이 버전에서 만든 백업 파일이 아닙니다: links 표에 알 수 없는 열(shadow_url)이 있습니다.';
    expect((await upload('/api/backup/check', extra).expect(400)).body.message).toBe(message);
    expect((await refusal(extra)).message).toBe(message);
    for (const table of ['images', 'cover', 'analytics_daily']) {
      const bad = await withRows(archive, table, (rows) => {
        rows[0]!.owner = 'x';
      });
      expect((await refusal(bad)).message).toBe(messages.backupUnknownColumn(table, 'owner'));
    }
  });

  it('refuses rows the database itself refuses in a table without an API input, and still restores a valid archive', async () => {
    const negative = await withRows(archive, 'analytics_daily', (rows) => {
      rows[0]!.views = -1;
    });
    expect((await refusal(negative)).message).toBe(
      '백업 파일의 analytics_daily 표는 복원할 수 없습니다: 이 사이트의 데이터 규칙에 맞지 않는 행이 있습니다.',
    );
    const notANumber = await withRows(archive, 'cover', (rows) => {
      rows[0]!.version = 'many';
    });
    expect((await refusal(notANumber)).message).toBe(messages.backupTableInvalid('cover'));
    await upload('/api/backup/restore', archive).expect(200);
    expect(await tablesOf(target)).toEqual(await tablesOf(source));
  });

  it('recounts each slot’s held seats from the restored bookings, not the archive’s counters (an offer’s held seats are not restored)', async () => {
    // As made while a waitlist offer held 3 seats and a table of the slot (its one booking holds 2 and a table).
    const duringOffer = await withRows(archive, 'popup_slots', (rows) => {
      rows[0]!.booked_people = 5;
      rows[0]!.booked_tables = 2;
    });
    await upload('/api/backup/restore', duringOffer).expect(200);
    expect((await tablesOf(target)).popups).toEqual([
      expect.objectContaining({ booked_people: 2, booked_tables: 1, head_count: 20 }),
    ]);
    // Counters below the bookings (an archive edited by hand) would let the slot be oversold: recounted too.
    const below = await withRows(archive, 'popup_slots', (rows) => {
      rows[0]!.booked_people = 0;
      rows[0]!.booked_tables = 0;
    });
    await upload('/api/backup/restore', below).expect(200);
    expect((await tablesOf(target)).popups).toEqual([expect.objectContaining({ booked_people: 2, booked_tables: 1 })]);
    // Bookings past the slot's seats (its counters saying otherwise): refused, nothing changed.
    const overbooked = await withRows(archive, 'popup_slots', (rows) => {
      Object.assign(rows[0]!, { head_count: 1, booked_people: 0, booked_tables: 0 });
    });
    expect((await refusal(overbooked)).message).toBe(messages.backupTableInvalid('popup_slots'));
  });

  it('restores an archive made before later migrations: the columns and tables it does not know start empty', async () => {
    // The archive as the first release (InitialSchema only) would have written it.
    const withoutColumns = (entry: Entry, columns: string[]) => {
      entry.body = Buffer.from(
        entry.body
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const row = JSON.parse(line) as Record<string, unknown>;
            for (const column of columns) delete row[column];
            return `${JSON.stringify(row)}\n`;
          })
          .join(''),
      );
    };
    const older = (await entriesOf(archive)).filter(
      (e) =>
        !e.name.startsWith('data/analytics_') && !['data/popup_info.ndjson', 'data/bookings.ndjson'].includes(e.name),
    );
    withoutColumns(
      older.find((e) => e.name === 'data/links.ndjson')!,
      ['enabled', 'show_from', 'show_until', 'disclosure'],
    );
    withoutColumns(
      older.find((e) => e.name === 'data/popup_slots.ndjson')!,
      [
        'booking_opens_at',
        'booking_closes_at',
        'cancel_hours_before',
        'party_min',
        'party_max',
        'booking_enabled',
        'booked_people',
        'booked_tables',
      ],
    );
    const archiveBefore = await withManifest(older, (manifest) => {
      manifest.schema = (manifest.schema as string[]).filter((name) => name.startsWith('InitialSchema'));
    });
    await upload('/api/backup/restore', archiveBefore).expect(200);
    const rows = await target.dataSource.query(`SELECT enabled, show_from, show_until, disclosure FROM links`);
    expect(rows.length).toBeGreaterThan(24);
    expect(rows.every((row: { enabled: boolean; show_from: null }) => row.enabled && row.show_from === null)).toBe(
      true,
    );
    // docs/decisions/0070-disclosure-label.md: an archive made before the disclosure restores every link as none (the
    // 협찬 one too).
    expect(new Set(rows.map((row: { disclosure: string }) => row.disclosure))).toEqual(new Set(['none']));
    const restored = await tablesOf(target);
    expect(restored.analytics).toEqual({ daily: [], links: [], referrers: [], keywords: [] });
    expect([restored.bookings, restored.popupInfo]).toEqual([[], []]);
    expect(restored.popups).toEqual([expect.objectContaining({ booked_people: 0, booked_tables: 0, head_count: 20 })]);
    // The same archive with its analytics migration but without the files is cut short, not restored empty.
    const cut = await withManifest((await entriesOf(archive)).filter((e) => e.name !== 'data/analytics_daily.ndjson'));
    expect((await refusal(cut)).message).toBe('백업 파일이 중간에 끊겨 있습니다. 파일을 끝까지 받았는지 확인해주세요.');
  });
});
