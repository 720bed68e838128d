/**
 * `node -r build/register-swc.js api/src/test/issuer-process.ts`: the test issuer (test-issuer.ts) as a process of its
 * own, for tests whose runner cannot load `jose` (the e2e project: jest's module system cannot require ESM). Prints
 * one JSON line `{ "issuer": "<OIDC_ISSUER>", "token": "<administrator access token, valid 1 hour>" }`, then serves
 * until it gets SIGTERM.
 */
import { startTestIssuer } from './test-issuer';

void (async () => {
  const issuer = await startTestIssuer();
  const token = await issuer.mint({ expiresInSeconds: 3600 });
  process.stdout.write(`${JSON.stringify({ issuer: issuer.issuer, token })}\n`);
  process.once('SIGTERM', () => void issuer.close().then(() => process.exit(0)));
})();
