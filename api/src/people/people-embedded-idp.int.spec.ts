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
  submitForm,
  tempDataDir,
  type RunningIdp,
} from '../../../idp/src/test-support/idp-process';
import { createTestApp, type TestApp } from '../test/test-app';

jest.setTimeout(120_000);

const OWNER_PASSWORD = 'owner-test-password';
const STAFF_PASSWORD = 'staff-test-password-1';

/**
 * `/api/people` against the real embedded provider (idp/, its account administration API) and real PostgreSQL: the
 * owner invites a staff member through the API, the staff member sets a password on the provider's invitation page and
 * signs in, the API takes the staff token; the owner disables them and the same, unexpired access token is refused by
 * the API at its next request. The API's log lines never hold the invitation link or the email address.
 */
describe('/api/people with the embedded provider (integration)', () => {
  let idp: RunningIdp;
  let t: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(idpDir, 'dist', 'main.js'))) buildIdp();
    idp = await startIdp({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: OWNER_PASSWORD, ADMIN_NAME: '관리자' });
    t = await createTestApp(new Date(), { OIDC_ISSUER: idp.issuer, LOG_LEVEL: 'debug' }, undefined, {
      write: (line: string) => void logs.push(line),
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
    removeTempDataDirs();
  });

  it('invites staff, who signs up and is let in; disabled, their valid access token is refused at once', async () => {
    const http = () => request(t.app.getHttpServer() as App);
    const owner = `Bearer ${(await signIn(new Browser('203.0.113.40'), idp.issuer, 'admin', OWNER_PASSWORD)).tokens.access_token}`;

    const invited = await http()
      .post('/api/people/invitations')
      .set('Authorization', owner)
      .send({ username: 'haneul', name: '김하늘', email: 'haneul@example.com', role: 'staff' })
      .expect(201);
    const { person, invitation } = invited.body.product;
    expect(person).toMatchObject({ username: 'haneul', name: '김하늘', role: 'staff', status: 'invited', totp: false });
    expect(invitation.url.startsWith(`${idp.issuer}/invite/`)).toBe(true);

    // The staff member opens the link, sets a password, skips the authenticator (optional for staff), signs in.
    const browser = new Browser('203.0.113.41');
    const opened = await browser.request(invitation.url);
    expect(opened.status).toBe(200);
    const enrol = await submitForm(browser, idp.issuer, await opened.text(), {
      password: STAFF_PASSWORD,
      confirm: STAFF_PASSWORD,
    });
    expect(enrol.status).toBe(200);
    const done = await submitForm(browser, idp.issuer, await enrol.text(), { code: '', skip: '1' });
    expect(done.status).toBe(200);
    const staff = `Bearer ${(await signIn(new Browser('203.0.113.42'), idp.issuer, 'haneul', STAFF_PASSWORD)).tokens.access_token}`;

    await http().post('/api/login').set('Authorization', staff).expect(200);
    // Staff may not manage people.
    expect((await http().get('/api/people').set('Authorization', staff)).status).toBe(403);
    const listed = await http().get('/api/people').set('Authorization', owner).expect(200);
    expect(listed.body.product.map((p: { username: string; status: string }) => `${p.username} ${p.status}`)).toEqual([
      'admin active',
      'haneul active',
    ]);

    await http().patch(`/api/people/${person.id}`).set('Authorization', owner).send({ disabled: true }).expect(200);
    const refused = await http().post('/api/login').set('Authorization', staff).expect(401);
    expect(refused.body.message).toBe('사용이 중지된 계정입니다. 관리자에게 문의하세요.');

    const audit = await http().get('/api/audit?entity=person').set('Authorization', owner).expect(200);
    expect(audit.body.product.map((entry: { title: string }) => entry.title)).toEqual([
      '김하늘 님 사용 중지',
      '김하늘 님 초대 (스태프)',
    ]);
    const secret = invitation.url.split('/').pop()!;
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.filter((line) => line.includes(secret) || line.includes('haneul@example.com'))).toEqual([]);
  });
});
