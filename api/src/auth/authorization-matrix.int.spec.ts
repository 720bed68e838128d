import request from 'supertest';
import type { App } from 'supertest/types';
import {
  controllerRoutes,
  type ControllerRoute,
  registeredRoutes,
  requestMethod,
  samplePath,
  type RegisteredRoute,
} from '../test/route-table';
import type { SiteRole } from '../common/shared-rules';
import { createTestApp, TestApp } from '../test/test-app';
import { ADMIN_SUB, startTestIssuer, TestIssuer } from '../test/test-issuer';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');
const UNAUTHORIZED = { statusCode: 401, message: '로그인이 필요합니다.' };
const FORBIDDEN = { statusCode: 403, message: '관리자 권한이 없습니다.' };
const ROLE_FORBIDDEN = { statusCode: 403, message: '이 작업을 할 권한이 없습니다.' };

/**
 * An answer's body without its request id (docs/decisions/0047-logs-metrics-audit.md), which must be there and differs
 * on every answer.
 */
const withoutRequestId = (body: unknown): unknown => {
  const { requestId, ...rest } = body as { requestId?: unknown };
  return typeof requestId === 'string' ? rest : { ...rest, requestId: 'missing' };
};

/**
 * Every route the public may call without a token (docs/decisions/0003-api-calls.md,
 * docs/decisions/0005-authentication.md), written out: a route opens only by being added here AND marked `@Public()` in
 * its controller. Everything else needs the administrator role.
 */
const PUBLIC_ROUTES = [
  'GET /api/cover',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/images/:key',
  'GET /api/main/select/:id',
  'GET /api/plan/list',
  'GET /api/plan/select/:id',
  'GET /api/reserve',
  'GET /api/reserve/bookings/:code',
  // The booking's calendar file (docs/decisions/0076-calendar-and-reminders.md): the confirmation's own checks, its
  // code and the phone's last digits.
  'GET /api/reserve/bookings/:code/calendar.ics',
  // A visitor's place in a slot's waiting room (docs/decisions/0074-waiting-room.md): found by its ticket alone, which
  // holds nothing else.
  'GET /api/reserve/queue/:ticket',
  // A visitor's waitlist entry (docs/decisions/0075-waitlist.md), found as a booking is: its code and the phone's last
  // four digits.
  'GET /api/reserve/waitlist/:code',
  'GET /api/reserve/status',
  'GET /api/site/head',
  'GET /api/site/manifest.webmanifest',
  'GET /api/site/og.jpg',
  'GET /api/site/first-screen',
  'GET /api/store',
  'GET /api/store/page',
  'GET /api/tag/list',
];

/**
 * Writes open to the public, each with its reason. Any other non-GET route must require the administrator.
 */
const PUBLIC_WRITES: string[] = [
  // The public page's page views and clicks (docs/decisions/0027-first-party-analytics.md): visitors are anonymous by
  // design; the ingest stores no address or cookie, refuses anything but 1–20 well-formed events in 2 KB, ignores bots
  // and is rate-limited per client (RATE_LIMIT_INGEST_PER_MINUTE).
  'POST /api/analytics/events',
  // Visitors book popup slots without an account (docs/decisions/0030-popup-bookings.md); rate-limited in the `booking`
  // budget, idempotent.
  'POST /api/reserve/bookings',
  // A visitor cancels their own booking with its code and the last four digits of its phone number
  // (docs/decisions/0030-popup-bookings.md).
  'POST /api/reserve/bookings/:code/cancel',
  // A visitor takes a place in a slot's waiting room (docs/decisions/0074-waiting-room.md); a ticket holds no personal
  // data, and the booking budget limits it per device and per address.
  'POST /api/reserve/queue',
  // The waitlist of a full slot (docs/decisions/0075-waitlist.md): joined like a booking is made (validated,
  // idempotent, limited per device, address and phone); its offer taken or the list left with the entry's code and the
  // phone's last digits.
  'POST /api/reserve/waitlist',
  'POST /api/reserve/waitlist/:code/accept',
  'POST /api/reserve/waitlist/:code/leave',
];

/**
 * The routes open to editors besides the owner (docs/decisions/0079-roles.md: links, schedules, popups and their slots,
 * the cover, analytics; not people, backup, the audit log or visitors' personal data), written out: a route opens to
 * editors only by being listed here AND carrying `@Roles('editor')`.
 */
const EDITOR_ROUTES = [
  'POST /api/login',
  'GET /api/analytics/links',
  'GET /api/analytics/summary',
  'POST /api/cover/image',
  'POST /api/image',
  'PUT /api/image/:id',
  'DELETE /api/main/delete/:id',
  'GET /api/main/detail/:id',
  'GET /api/main/list',
  'PUT /api/main/update/:id',
  'PUT /api/main/update/:id/with-image',
  'PUT /api/main/update/order/:id/:to/:from',
  'POST /api/plan',
  'DELETE /api/plan/delete/:id',
  'PUT /api/plan/update/:id',
  'POST /api/popup',
  'PUT /api/popup/:id/booking-enabled',
  'DELETE /api/popup/delete/:id',
  'PUT /api/popup/info',
  'POST /api/popup/info/image',
  'GET /api/popup/list',
  'GET /api/popup/select/:id',
  'PUT /api/popup/update/:id',
  'POST /api/store/create',
  'POST /api/store/create/with-image',
];

/**
 * The routes open to door staff besides the owner (docs/decisions/0079-roles.md: the bookings of today's and upcoming
 * slots: search, check-in, no-show, cancel; bookings/staff-view.ts narrows and masks what they see), written out.
 */
const STAFF_ROUTES = [
  'POST /api/login',
  'GET /api/popup/:id/bookings',
  'POST /api/popup/bookings/:id/cancel',
  'POST /api/popup/bookings/:id/check-in',
  'POST /api/popup/bookings/:id/no-show',
  'GET /api/popup/bookings/by-code/:code',
  'GET /api/popup/list',
  'GET /api/popup/:id/waitlist',
  'POST /api/popup/waitlist/:id/remove',
];

/**
 * Routes Express serves outside Nest's controllers (so outside its guards), all public reads; and two module
 * middlewares, which answer nothing: nestjs-pino's, which binds each request's logger (`/api{/*splat}`), and the
 * connection lanes of the embedded database (database/embedded-pool.ts, applied to every route: `/api` and below).
 */
const OUTSIDE_NEST = /^GET \/api\/docs|^ALL \/api(\{\/\*splat\})?$/;

/**
 * docs/decisions/0003-api-calls.md, docs/decisions/0005-authentication.md checked on every route of the app, enumerated
 * from Nest's route metadata when the test runs: secure by default (the global AccessPolicyGuard), a route added
 * without `@Public()` is closed and is checked here without anyone listing it.
 */
describe('API authorization matrix (integration, real PostgreSQL and a test issuer)', () => {
  let t: TestApp;
  let issuer: TestIssuer;
  let protectedRoutes: ControllerRoute[];
  let publicRoutes: ControllerRoute[];

  const call = (route: RegisteredRoute, token?: string) => {
    const agent = request(t.app.getHttpServer() as App);
    const method = requestMethod(route);
    let req = agent[method](samplePath(route.path));
    if (token !== undefined) req = req.set('Authorization', `Bearer ${token}`);
    return ['post', 'put', 'patch'].includes(method) ? req.send({}) : req;
  };
  const name = (route: RegisteredRoute) => `${route.method} ${route.path}`;
  const byPath = (a: string, b: string) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b);
  const login = (token?: string) => call({ method: 'POST', path: '/api/login' }, token);

  beforeAll(async () => {
    issuer = await startTestIssuer({ clock: () => t.clock.now() });
    // With the OpenAPI pages on, so the matrix also sees the routes mounted outside Nest.
    t = await createTestApp(NOW, { OIDC_ISSUER: issuer.issuer, API_DOCS: 'true' });
    const routes = controllerRoutes(t.app);
    protectedRoutes = routes.filter((r) => !r.public);
    publicRoutes = routes.filter((r) => r.public);
    process.stdout.write(
      `\nProtected routes found (${protectedRoutes.length}):\n${protectedRoutes.map((r) => `  ${name(r)}\n`).join('')}`,
    );
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  // First, while nothing has been verified yet: discovery is lazy, and a failure is retried.
  describe('an issuer that is down', () => {
    it('answers 503 인증 서버에 연결할 수 없습니다. (not 500), and works once the issuer is back', async () => {
      const token = await issuer.mint();
      issuer.down = true;
      const down = await login(token).expect(503);
      expect(down.body).toEqual({
        statusCode: 503,
        message: '인증 서버에 연결할 수 없습니다.',
        requestId: expect.any(String),
      });
      // A request without a token does not need the issuer.
      expect(withoutRequestId((await login().expect(401)).body)).toEqual(UNAUTHORIZED);
      issuer.down = false;
      await login(token).expect(200);
      const discoveries = issuer.hits.discovery;
      await login(token).expect(200);
      expect(issuer.hits.discovery).toBe(discoveries);
    });
  });

  it('opens exactly the listed public routes, and no write beyond the listed public writes', () => {
    expect(publicRoutes.map(name)).toEqual([...PUBLIC_ROUTES, ...PUBLIC_WRITES].sort(byPath));
    const openWrites = publicRoutes.filter((r) => r.method !== 'GET').map(name);
    expect(openWrites).toEqual(PUBLIC_WRITES);
    expect(protectedRoutes.map(name)).toEqual(expect.arrayContaining(['POST /api/login', 'GET /api/popup/list']));
  });

  it('finds no Express route outside Nest but the OpenAPI pages', () => {
    const nest = new Set([...publicRoutes, ...protectedRoutes].map(name));
    const outside = registeredRoutes(t.app)
      .map(name)
      .filter((route) => !nest.has(route));
    expect(outside.filter((route) => !OUTSIDE_NEST.test(route))).toEqual([]);
    expect(outside.length).toBeGreaterThan(0);
  });

  it('public reads answer without a token (no 401/403)', async () => {
    const refused: string[] = [];
    for (const route of publicRoutes) {
      const res = await call(route);
      if (res.status === 401 || res.status === 403 || res.status >= 500) refused.push(`${name(route)} → ${res.status}`);
    }
    expect(refused).toEqual([]);
  });

  const refusals: Array<[string, () => Promise<string | undefined>, number, object]> = [
    ['no token', async () => undefined, 401, UNAUTHORIZED],
    ['a malformed token', async () => 'abc', 401, UNAUTHORIZED],
    ['a token signed by another key', () => issuer.mint({ foreignKey: true }), 401, UNAUTHORIZED],
    ['an expired token', () => issuer.mint({ expiresInSeconds: -60 }), 401, UNAUTHORIZED],
    ['a token from another issuer', () => issuer.mint({ claims: { iss: 'http://evil.example' } }), 401, UNAUTHORIZED],
    ['a token for another client', () => issuer.mint({ claims: { azp: 'other-client' } }), 401, UNAUTHORIZED],
    [
      'a valid token without a site role',
      () => issuer.mint({ roles: ['offline_access', 'default-roles-linksite'] }),
      403,
      FORBIDDEN,
    ],
  ];

  it.each(refusals)('every protected route refuses %s', async (_case, token, status, body) => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const res = await call(route, await token());
      if (res.status !== status || JSON.stringify(withoutRequestId(res.body)) !== JSON.stringify(body)) {
        wrong.push(`${name(route)} → ${res.status} ${JSON.stringify(res.body)}`);
      } else if (status === 401 && !/^Bearer\b/.test(String(res.headers['www-authenticate']))) {
        wrong.push(`${name(route)} → 401 without WWW-Authenticate: Bearer`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("opens exactly the listed routes to editors and to staff; every other protected route is the owner's", () => {
    const openTo = (role: SiteRole) => protectedRoutes.filter((r) => r.roles.includes(role)).map(name);
    expect(openTo('editor')).toEqual([...EDITOR_ROUTES].sort(byPath));
    expect(openTo('staff')).toEqual([...STAFF_ROUTES].sort(byPath));
    expect(openTo('owner')).toEqual(protectedRoutes.map(name));
  });

  /**
   * Every protected route × every role, as the API answers it: a role the route is open to gets through (success, or
   * a 4xx about the request itself, never 401/403/5xx); any other gets 403 이 작업을 할 권한이 없습니다. The legacy
   * administrator role of sites from before roles (ADMIN_ROLE, `admin`) is the owner.
   */
  const ROLE_TOKENS: Array<[string, SiteRole, string[]]> = [
    ['owner', 'owner', ['owner', 'offline_access']],
    ['the legacy administrator role', 'owner', ['admin', 'offline_access', 'default-roles-linksite']],
    ['editor', 'editor', ['editor', 'offline_access']],
    ['staff', 'staff', ['staff', 'offline_access']],
  ];

  it.each(ROLE_TOKENS)('every protected route answers %s as its roles say', async (_who, role, realmRoles) => {
    const wrong: string[] = [];
    const token = await issuer.mint({ roles: realmRoles });
    for (const route of protectedRoutes) {
      const res = await call(route, token);
      if (route.roles.includes(role)) {
        if (res.status === 401 || res.status === 403 || res.status >= 500)
          wrong.push(`${name(route)} → ${res.status} ${JSON.stringify(res.body)}, expected to be let through`);
      } else if (res.status !== 403 || JSON.stringify(withoutRequestId(res.body)) !== JSON.stringify(ROLE_FORBIDDEN)) {
        wrong.push(`${name(route)} → ${res.status} ${JSON.stringify(res.body)}, expected 403`);
      }
    }
    expect(wrong).toEqual([]);
  });

  describe('POST /api/login', () => {
    const count = async () =>
      Number((await t.dataSource.query(`SELECT count(*) AS n FROM administrators WHERE sub = $1`, [ADMIN_SUB]))[0].n);
    const row = async () =>
      (
        await t.dataSource.query(`SELECT id, username, name, email, last_login_at FROM administrators WHERE sub = $1`, [
          ADMIN_SUB,
        ])
      )[0];

    it('answers the docs/decisions/0001-response-envelope.md write envelope with the administrator profile', async () => {
      const res = await login(await issuer.mint()).expect(200);
      const { id } = await row();
      expect(res.body).toEqual({
        message: '로그인되었습니다.',
        product: {
          id,
          username: 'admin',
          name: '관리자',
          email: 'admin@example.com',
          roles: ['admin', 'offline_access', 'default-roles-linksite'],
        },
      });
      expect(typeof id).toBe('number');
    });

    it('upserts by sub: one row, last_login_at and the profile follow the latest token', async () => {
      t.clock.set(new Date('2026-11-20T04:00:00Z'));
      const first = (await login(await issuer.mint()).expect(200)).body.product;
      const before = await row();
      expect(before.last_login_at).toEqual(new Date('2026-11-20T04:00:00Z'));

      t.clock.set(new Date('2026-11-20T05:30:00Z'));
      const second = (
        await login(
          await issuer.mint({ claims: { name: '새 이름', email: 'new@example.com', preferred_username: 'admin2' } }),
        ).expect(200)
      ).body.product;
      expect(await count()).toBe(1);
      expect(second).toMatchObject({ id: first.id, username: 'admin2', name: '새 이름', email: 'new@example.com' });
      expect(await row()).toEqual({
        id: first.id,
        username: 'admin2',
        name: '새 이름',
        email: 'new@example.com',
        last_login_at: new Date('2026-11-20T05:30:00Z'),
      });
    });

    it('another sub is another administrator', async () => {
      const other = (
        await login(await issuer.mint({ claims: { sub: 'someone-else', preferred_username: 'kim' } })).expect(200)
      ).body.product;
      expect(other.id).not.toBe((await row()).id);
      expect(other.username).toBe('kim');
    });
  });
});
