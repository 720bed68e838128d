import request from 'supertest';
import type { App } from 'supertest/types';
import type { AdminTestApp } from './admin-test-app';
import type { TestApp } from './test-app';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Supertest requests against the test app as the administrator, and as nobody (`anonymous`). */
export interface AdminClient {
  get(path: string): request.Test;
  post(path: string, body: string | object): request.Test;
  put(path: string, body: string | object): request.Test;
  delete(path: string): request.Test;
  anonymous(): ReturnType<typeof request>;
}

/**
 * Supertest calls on an AdminTestApp (test/admin-test-app.ts) as the administrator. Its one token is valid from a year before the app's clock
 * to a year after, so tests may move the FixedClock (midnight in Seoul…) without it expiring.
 * @param roles the token's realm roles; by default the test issuer's (the legacy `admin`, which is the owner). Pass
 *   `['staff']` or `['editor']` to act as a member of the team (docs/decisions/0079-roles.md).
 */
export async function adminClient(t: AdminTestApp, roles?: string[]): Promise<AdminClient> {
  const now = t.clock.now();
  const token = await t.issuer.mint({
    now: new Date(now.getTime() - YEAR_SECONDS * 1000),
    expiresInSeconds: 2 * YEAR_SECONDS,
    ...(roles ? { roles } : {}),
  });
  const http = () => request(t.app.getHttpServer() as App);
  const auth = (req: request.Test) => req.set('Authorization', `Bearer ${token}`);
  return {
    get: (path) => auth(http().get(path)),
    post: (path, body) => auth(http().post(path)).send(body),
    put: (path, body) => auth(http().put(path)).send(body),
    delete: (path) => auth(http().delete(path)),
    anonymous: http,
  };
}

/** Every row of the plans and popup_slots tables, to show that a refused or unrelated call changed nothing. */
export async function scheduleTables(t: TestApp): Promise<{ plans: unknown[]; popups: unknown[] }> {
  return {
    plans: await t.dataSource.query(`SELECT * FROM plans ORDER BY id`),
    popups: await t.dataSource.query(`SELECT * FROM popup_slots ORDER BY id`),
  };
}

/**
 * A refusal that stores nothing: `send()` answers 400 with `message`, `errors` name `field` with it, and the plans and
 * popup_slots tables are as they were before (docs/decisions/0001-response-envelope.md,
 * docs/decisions/0006-korean-wording.md). `send` is called only once the tables are read.
 */
export async function expectRefused(
  t: TestApp,
  send: () => request.Test,
  field: string,
  message: string,
): Promise<void> {
  const before = await scheduleTables(t);
  const res = await send().expect(400);
  expect(res.body).toMatchObject({ statusCode: 400, message });
  expect(res.body.errors).toContainEqual({ field, message });
  expect(await scheduleTables(t)).toEqual(before);
}
