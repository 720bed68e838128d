import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, type TestApp } from '../test/test-app';
import { createMigratedTestDatabase } from '../test/test-database';
import { ADMIN_SUB, startTestIssuer, type TestIssuer } from '../test/test-issuer';
import { startFakeIdpAccounts, type FakeIdpAccounts } from '../test/fake-idp-accounts';
import type { IdpAccount } from './idp-accounts';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-20T03:00:00Z');
const HANGUL = /[가-힣]/;
const SECOND_OWNER = '0b7e3c1a-5d2f-4e6a-9c8b-2f1e0d9c8b7a';

const account = (over: Partial<IdpAccount>): IdpAccount => ({
  id: ADMIN_SUB,
  username: 'admin',
  name: '관리자',
  email: 'admin@example.com',
  role: 'owner',
  status: 'active',
  totp: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  invitationExpiresAt: null,
  ...over,
});

/**
 * `/api/people` (docs/decisions/0080-people-invites-totp.md) against real PostgreSQL and, standing in for the embedded
 * provider's account API (people-embedded-idp.int.spec.ts runs against the real one), a real HTTP server of the same
 * shapes (test/fake-idp-accounts.ts) that also passes discovery and the key set through to the test issuer. Two API
 * apps on one database show that a disable made through one is refused by the other at once (LISTEN/NOTIFY).
 */
describe('/api/people (integration)', () => {
  let issuer: TestIssuer;
  let idp: FakeIdpAccounts;
  let a: TestApp;
  let b: TestApp;
  let owner: string;
  let secondOwner: string;

  beforeAll(async () => {
    issuer = await startTestIssuer({ clock: () => NOW });
    idp = await startFakeIdpAccounts(issuer.url, () => NOW);
    const env = { OIDC_ISSUER: issuer.issuer, OIDC_DISCOVERY_URL: idp.url };
    const database = await createMigratedTestDatabase();
    a = await createTestApp(NOW, env, database);
    // The second process on the same database; the first app's close() drops it.
    b = await createTestApp(NOW, env, { ...database, drop: async () => undefined });
    owner = `Bearer ${await issuer.mint({ roles: ['owner'], expiresInSeconds: 3600 })}`;
    secondOwner = `Bearer ${await issuer.mint({
      roles: ['owner'],
      expiresInSeconds: 3600,
      claims: { sub: SECOND_OWNER, preferred_username: 'owner2', name: '이바다' },
    })}`;
  });
  beforeEach(() => {
    idp.accounts.clear();
    idp.accounts.set(ADMIN_SUB, account({}));
    idp.accounts.set(
      SECOND_OWNER,
      // The provider writes '' for no email; the API answers null.
      account({ id: SECOND_OWNER, username: 'owner2', name: '이바다', email: '', totp: false }),
    );
    idp.calls.length = 0;
    idp.bodies.length = 0;
    idp.down = false;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await idp?.close();
    await issuer?.close();
  });

  const on = (t: TestApp) => request(t.app.getHttpServer() as App);

  it('lists the accounts, forwarding the owner’s own bearer token to the provider, never to be cached', async () => {
    const res = await on(a).get('/api/people').set('Authorization', owner).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.product).toEqual([
      {
        id: ADMIN_SUB,
        username: 'admin',
        name: '관리자',
        email: 'admin@example.com',
        role: 'owner',
        status: 'active',
        totp: true,
        createdAt: '2026-11-01T00:00:00.000Z',
        invitationExpiresAt: null,
      },
      expect.objectContaining({ id: SECOND_OWNER, email: null, totp: false }),
    ]);
    expect(idp.calls).toEqual([`GET /accounts ${owner}`]);
  });

  it('invites a person: the one-time link and its expiry once, an audit entry in Korean without link or email', async () => {
    const res = await on(a)
      .post('/api/people/invitations')
      .set('Authorization', owner)
      .send({ username: ' haneul ', name: ' 김하늘 ', email: 'haneul@example.com', role: 'staff' })
      .expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.message).toMatch(HANGUL);
    const { person, invitation } = res.body.product;
    expect(person).toMatchObject({ username: 'haneul', name: '김하늘', role: 'staff', status: 'invited' });
    expect(invitation.url).toMatch(/^http:\/\/idp\.test\/invitation\/[0-9a-f]{32}$/);
    expect(invitation.expiresAt).toBe('2026-11-21T03:00:00.000Z');
    expect(JSON.parse(idp.bodies[0]!)).toEqual({
      username: 'haneul',
      name: '김하늘',
      email: 'haneul@example.com',
      role: 'staff',
    });

    const audit = await on(a).get('/api/audit?entity=person').set('Authorization', owner).expect(200);
    expect(audit.body.product).toHaveLength(1);
    expect(audit.body.product[0]).toMatchObject({
      title: '김하늘 님 초대 (스태프)',
      entity: 'person',
      method: 'POST',
      route: '/api/people/invitations',
      status: 201,
      changes: [{ field: 'role', label: '역할', before: null, after: '스태프' }],
    });
    const stored = JSON.stringify(await a.dataSource.query(`SELECT * FROM audit_entry`));
    expect(stored).not.toContain(invitation.url);
    expect(stored).not.toContain('haneul@example.com');
    // One entry, not a second one from the global interceptor.
    expect(await a.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry`)).toEqual([{ n: 1 }]);
  });

  it('issues a new invitation link for an account (the password reset), logged as such', async () => {
    const res = await on(a).post(`/api/people/${SECOND_OWNER}/invitations`).set('Authorization', owner).expect(201);
    expect(res.body.product.invitation.url).toMatch(/^http:\/\/idp\.test\/invitation\//);
    const audit = await on(a).get('/api/audit?entity=person&limit=1').set('Authorization', owner).expect(200);
    expect(audit.body.product[0]).toMatchObject({ title: '이바다 님 비밀번호 재설정 링크 발급', changes: [] });
  });

  it('changes a role, logged as 역할 변경: 소유자 → 편집자', async () => {
    const res = await on(a)
      .patch(`/api/people/${SECOND_OWNER}`)
      .set('Authorization', owner)
      .send({ role: 'editor' })
      .expect(200);
    expect(res.body).toMatchObject({ message: '계정 정보를 바꿨습니다.', product: { role: 'editor' } });
    const audit = await on(a).get('/api/audit?entity=person&limit=1').set('Authorization', owner).expect(200);
    expect(audit.body.product[0]).toMatchObject({
      title: '이바다 님 역할 변경: 소유자 → 편집자',
      changes: [{ field: 'role', label: '역할', before: '소유자', after: '편집자' }],
    });
  });

  it('refuses a disabled account’s valid token at once, in both API processes, and takes it back when enabled', async () => {
    // Both processes have seen the second owner's token work (and keep "not disabled" for it).
    await on(a).get('/api/people').set('Authorization', secondOwner).expect(200);
    await on(b).get('/api/people').set('Authorization', secondOwner).expect(200);

    const disabled = await on(a)
      .patch(`/api/people/${SECOND_OWNER}`)
      .set('Authorization', owner)
      .send({ disabled: true })
      .expect(200);
    expect(disabled.body).toMatchObject({ message: '계정 사용을 중지했습니다. 이 계정의 로그인은 바로 끝납니다.' });
    expect(disabled.body.product.status).toBe('disabled');
    const [row] = await a.dataSource.query(`SELECT disabled_at FROM administrators WHERE sub = $1`, [SECOND_OWNER]);
    expect(row.disabled_at).toEqual(NOW);

    const refusedHere = await on(a).get('/api/people').set('Authorization', secondOwner).expect(401);
    expect(refusedHere.body.message).toBe('사용이 중지된 계정입니다. 관리자에게 문의하세요.');
    expect(refusedHere.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // The other process heard the NOTIFY of the disabling transaction: measured, not assumed.
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 2000) {
      status = (await on(b).get('/api/people').set('Authorization', secondOwner)).status;
      if (status === 401) break;
    }
    const elapsed = Date.now() - started;
    process.stdout.write(`\ndisabled account refused by the other API process after ${elapsed} ms\n`);
    expect(status).toBe(401);
    // The owner is not affected.
    await on(b).get('/api/people').set('Authorization', owner).expect(200);

    const audit = await on(a).get('/api/audit?entity=person&limit=1').set('Authorization', owner).expect(200);
    expect(audit.body.product[0]).toMatchObject({
      title: '이바다 님 사용 중지',
      changes: [{ field: 'status', label: '상태', before: '사용 중', after: '사용 중지' }],
    });

    await on(a).patch(`/api/people/${SECOND_OWNER}`).set('Authorization', owner).send({ disabled: false }).expect(200);
    await on(a).get('/api/people').set('Authorization', secondOwner).expect(200);
    const back = Date.now();
    while ((await on(b).get('/api/people').set('Authorization', secondOwner)).status !== 200) {
      expect(Date.now() - back).toBeLessThan(2000);
    }
    const enabled = await on(a).get('/api/audit?entity=person&limit=1').set('Authorization', owner).expect(200);
    expect(enabled.body.product[0].title).toBe('이바다 님 다시 사용');
  });

  it('passes on the provider’s refusals: username taken, last active owner, unknown account', async () => {
    const taken = await on(a)
      .post('/api/people/invitations')
      .set('Authorization', owner)
      .send({ username: 'admin', name: '누구', role: 'editor' })
      .expect(409);
    expect(taken.body.message).toBe('이미 사용 중인 아이디입니다.');
    idp.accounts.delete(SECOND_OWNER);
    const last = await on(a)
      .patch(`/api/people/${ADMIN_SUB}`)
      .set('Authorization', owner)
      .send({ disabled: true })
      .expect(409);
    expect(last.body.message).toBe('마지막 소유자는 바꾸거나 사용 중지할 수 없습니다.');
    expect(await a.dataSource.query(`SELECT sub FROM administrators WHERE disabled_at IS NOT NULL`)).toEqual([]);
    const unknown = await on(a)
      .patch('/api/people/no-such-account')
      .set('Authorization', owner)
      .send({ role: 'staff' })
      .expect(404);
    expect(unknown.body.message).toBe('해당 계정을 찾을 수 없습니다.');
    await on(a).post('/api/people/no-such-account/invitations').set('Authorization', owner).expect(404);
  });

  it.each([
    ['no username', 'POST', '/api/people/invitations', { name: '김하늘', role: 'staff' }, '아이디를 입력해주세요.'],
    [
      'a username with spaces',
      'POST',
      '/api/people/invitations',
      { username: 'ha neul', name: '김하늘', role: 'staff' },
      '아이디는 영문 소문자, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 된 3–32자여야 합니다.',
    ],
    [
      'no name',
      'POST',
      '/api/people/invitations',
      { username: 'haneul', name: '  ', role: 'staff' },
      '이름을 입력해주세요.',
    ],
    [
      'a bad email',
      'POST',
      '/api/people/invitations',
      { username: 'haneul', name: '김하늘', email: 'not-an-email', role: 'staff' },
      '이메일은 비워 두거나 name@example.com 같은 주소(254자 이하)로 입력해주세요.',
    ],
    [
      'an unknown role',
      'POST',
      '/api/people/invitations',
      { username: 'haneul', name: '김하늘', role: 'admin' },
      '역할은 owner(소유자), editor(편집자), staff(스태프) 중 하나여야 합니다.',
    ],
    [
      'an unknown field',
      'POST',
      '/api/people/invitations',
      { username: 'haneul', name: '김하늘', role: 'staff', password: 'x' },
      '허용되지 않는 필드입니다: password',
    ],
    ['an empty patch', 'PATCH', `/api/people/${SECOND_OWNER}`, {}, '바꿀 내용(role 또는 disabled)을 보내주세요.'],
    [
      'disabled as a string',
      'PATCH',
      `/api/people/${SECOND_OWNER}`,
      { disabled: 'yes' },
      'disabled 값은 true 또는 false 여야 합니다.',
    ],
    ['a bad id', 'PATCH', '/api/people/..%2F..', { role: 'staff' }, '계정 ID가 올바르지 않습니다.'],
    ['a bad id', 'POST', `/api/people/${'x'.repeat(65)}/invitations`, undefined, '계정 ID가 올바르지 않습니다.'],
  ])(
    'refuses %s (%s %s) with 400 in Korean, asking the provider nothing',
    async (_what, method, url, body, message) => {
      const req = method === 'POST' ? on(a).post(url) : on(a).patch(url);
      const res = await req
        .set('Authorization', owner)
        .send(body as object)
        .expect(400);
      expect(res.body.message).toBe(message);
      expect(idp.calls).toEqual([]);
    },
  );

  it('answers 503 in Korean when the provider cannot be reached, and is for the owner only', async () => {
    idp.down = true;
    const res = await on(a).get('/api/people').set('Authorization', owner).expect(503);
    expect(res.body.message).toBe('계정 서버(인증 서버)에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.');
    idp.down = false;
    await on(a).get('/api/people').expect(401);
    const editor = `Bearer ${await issuer.mint({ roles: ['editor'] })}`;
    expect((await on(a).get('/api/people').set('Authorization', editor)).status).toBe(403);
  });
});

describe('/api/people in Keycloak mode (integration)', () => {
  const REALM_ISSUER = 'https://id.example.com/realms/linksite';
  let issuer: TestIssuer;
  let t: TestApp;

  beforeAll(async () => {
    issuer = await startTestIssuer({ publicIssuer: REALM_ISSUER, clock: () => NOW });
    t = await createTestApp(NOW, { OIDC_ISSUER: REALM_ISSUER, OIDC_DISCOVERY_URL: issuer.url });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('answers 409 with the users page of the realm’s admin console on every route', async () => {
    const owner = `Bearer ${await issuer.mint({ roles: ['owner'] })}`;
    const http = () => request(t.app.getHttpServer() as App);
    for (const res of [
      await http().get('/api/people').set('Authorization', owner),
      await http()
        .post('/api/people/invitations')
        .set('Authorization', owner)
        .send({ username: 'haneul', name: '김하늘', role: 'staff' }),
      await http().patch(`/api/people/${ADMIN_SUB}`).set('Authorization', owner).send({ disabled: true }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: '이 사이트의 계정은 Keycloak 에서 관리합니다. Keycloak 관리 콘솔의 사용자 화면에서 관리해주세요.',
        product: { consoleUrl: 'https://id.example.com/admin/linksite/console/#/linksite/users' },
      });
    }
  });
});
