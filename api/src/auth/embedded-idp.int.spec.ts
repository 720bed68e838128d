import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import {
  Browser,
  buildIdp,
  idpDir,
  removeTempDataDirs,
  signIn,
  startIdp,
  tempDataDir,
  type RunningIdp,
} from '../../../idp/src/test-support/idp-process';
import { createTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

const PASSWORD = 'api-test-password';

/**
 * The API against the real embedded provider (idp/, docs/decisions/0005-authentication.md) rather than the test issuer:
 * a token from its sign-in form is accepted by POST /api/login. The provider is built only when idp/dist is missing, so
 * this spec does not race the idp spec's own build.
 */
describe('POST /api/login with a token from the embedded provider (integration)', () => {
  let idp: RunningIdp;
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(path.join(idpDir, 'dist', 'main.js'))) buildIdp();
    idp = await startIdp({
      DATA_DIR: tempDataDir(),
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_NAME: '관리자',
      ADMIN_EMAIL: 'admin@localhost',
    });
    t = await createTestApp(new Date(), { OIDC_ISSUER: idp.issuer });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
    removeTempDataDirs();
  });

  it('accepts the access token (typ at+jwt, azp linksite-shell) and records the administrator', async () => {
    const { tokens } = await signIn(new Browser('203.0.113.20'), idp.issuer, 'admin', PASSWORD);
    const res = await request(t.app.getHttpServer() as App)
      .post('/api/login')
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .expect(200);
    expect(res.body).toEqual({
      message: '로그인되었습니다.',
      product: {
        id: expect.any(Number),
        username: 'admin',
        name: '관리자',
        email: 'admin@localhost',
        roles: ['owner'],
      },
    });
    expect(JSON.parse(Buffer.from(tokens.access_token.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'RS256',
      typ: 'at+jwt',
    });
    // A changed signature is refused.
    const [h, p, s] = tokens.access_token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -4)}AAAA`;
    await request(t.app.getHttpServer() as App)
      .post('/api/login')
      .set('Authorization', `Bearer ${tampered}`)
      .expect(401);
  });

  it('refuses the ID token of the same sign-in everywhere an access token is asked for (docs/decisions/0086-access-tokens-only.md)', async () => {
    const { tokens } = await signIn(new Browser('203.0.113.21'), idp.issuer, 'admin', PASSWORD);
    const server = t.app.getHttpServer() as App;
    // The backup (every visitor's name and phone) was one GET away with it.
    await request(server).get('/api/backup').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    const refused = await request(server).get('/api/backup').set('Authorization', `Bearer ${tokens.id_token}`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/[가-힣]/);
    await request(server).post('/api/login').set('Authorization', `Bearer ${tokens.id_token}`).expect(401);
  });
});
