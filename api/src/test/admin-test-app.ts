import { createTestApp, TestApp } from './test-app';
import { startTestIssuer, TestIssuer } from './test-issuer';

/** The real app on a fresh database, a test issuer it trusts, and an administrator's bearer header. */
export interface AdminTestApp extends TestApp {
  issuer: TestIssuer;
  /** `Bearer <token>` of a fresh administrator access token (minted on the app's clock). */
  bearer(): Promise<string>;
}

/**
 * createTestApp with `OIDC_ISSUER` pointing at a new test issuer, for specs and the bench that call
 * administrator routes. `close()` closes both.
 * @param env extra environment, e.g. `{ UPLOAD_MAX_BYTES: '200000' }`.
 */
export async function createAdminTestApp(now: Date, env: NodeJS.ProcessEnv = {}): Promise<AdminTestApp> {
  // The issuer mints on the app's clock, and the app needs the issuer's URL: the clock is read once the app exists.
  const booted: { app?: TestApp } = {};
  const issuer = await startTestIssuer({ clock: () => booted.app?.clock.now() ?? now });
  const app = await createTestApp(now, { OIDC_ISSUER: issuer.issuer, ...env });
  booted.app = app;
  return {
    ...app,
    issuer,
    bearer: async () => `Bearer ${await issuer.mint()}`,
    close: async () => {
      await app.close();
      await issuer.close();
    },
  };
}
