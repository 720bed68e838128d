/**
 * Test helpers: build idp once, run `node idp/dist/main.js` as a child process, and speak OIDC to it
 * over real HTTP with a tiny cookie jar and PKCE from node:crypto. The specs are transpiled to CommonJS
 * by @swc/jest, so they never import the ESM oidc-provider or jose.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// Outside the ephemeral range: an outgoing connection of a test beside these cannot take it before the provider listens.
import { stablePort } from '../../../api/src/test/stable-ports.js';

export const idpDir = path.resolve(__dirname, '..', '..');
export const APP_ORIGIN = 'http://localhost:8080';
export const CLIENT_ID = 'linksite-shell';
export const REDIRECT_URI = `${APP_ORIGIN}/`;

/**
 * Builds idp/dist when it is not built from the sources as they are: the package's build task (wireit, keyed by the
 * content of its inputs), through `node scripts/build.mjs --only idp`. A build already made is left untouched, so an
 * identity server another test runs from it (`npm test` runs the browser tests beside these) never reads a file while
 * it is being rewritten, and nothing is compiled twice.
 * @throws Error (execFileSync's) when the build fails; its output is in .data/logs/build-idp.log
 */
export function buildIdp(): void {
  execFileSync(process.execPath, [path.join(idpDir, '..', 'scripts', 'build.mjs'), '--only', 'idp'], {
    stdio: 'inherit',
  });
}

const tempDirs: string[] = [];

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'idp-test-'));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDataDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface RunningIdp {
  issuer: string;
  /** Where this process listens; differs from `issuer` only for a replica started with another's IDP_ISSUER. */
  url: string;
  port: number;
  stdout: () => string;
  stop: () => Promise<number | null>;
  /**
   * Moves the provider's clock (`Date.now()`) forward by `ms` and resolves once it has; only for a provider started
   * with `{ fakeClock: true }` (fake-clock.mjs), so a test plays minutes without waiting for them.
   */
  advanceClock: (ms: number) => Promise<void>;
}

export interface StartOptions {
  /** Starts the provider with fake-clock.mjs preloaded: its clock moves only by `advanceClock`, besides real time. */
  fakeClock?: boolean;
}

/**
 * Starts the built provider and resolves once it prints `IdP listening on <issuer>`.
 * `port`: reuse an earlier run's port (and so its issuer), e.g. to restart the same provider.
 */
export async function startIdp(
  env: Record<string, string | undefined>,
  port?: number,
  { fakeClock = false }: StartOptions = {},
): Promise<RunningIdp> {
  port ??= await stablePort();
  const url = `http://localhost:${port}`;
  // A replica of another provider keeps that one's issuer (env IDP_ISSUER) and listens on its own port.
  const issuer = env.IDP_ISSUER ?? url;
  const preload = fakeClock ? ['--import', pathToFileURL(path.join(__dirname, 'fake-clock.mjs')).href] : [];
  const child: ChildProcess = spawn(process.execPath, [...preload, path.join(idpDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      ADMIN_PASSWORD: undefined,
      // Most specs sign in as the bootstrap owner with a password only; the specs of the second factor pass
      // IDP_OWNER_TOTP: undefined (the provider's default, `required`) or 'required'.
      IDP_OWNER_TOTP: 'optional',
      IDP_PORT: String(port),
      IDP_ISSUER: issuer,
      IDP_APP_ORIGINS: APP_ORIGIN,
      ...env,
    },
    stdio: fakeClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`IdP did not start:\n${out}\n${err}`)), 20_000);
    const poll = setInterval(() => {
      if (out.includes(`IdP listening on ${issuer}`)) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 25);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`IdP exited with ${code}:\n${out}\n${err}`));
    });
  });

  return {
    issuer,
    url,
    port,
    stdout: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    advanceClock: (ms) =>
      new Promise<void>((resolve, reject) => {
        if (!fakeClock) return reject(new Error('advanceClock needs startIdp(…, { fakeClock: true })'));
        const onMessage = (message: unknown) => {
          if (typeof (message as { clockAdvancedMs?: unknown })?.clockAdvancedMs !== 'number') return;
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.send({ advanceClockMs: ms }, (error) => error && reject(error));
      }),
  };
}

/** Remembers cookies by name (enough for one host); honours deletions. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1] ?? '').getTime() < Date.now(),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * `fetch` (no redirects followed) over a socket bound to `localAddress`, e.g. 127.0.0.3: the provider, trusting no
 * proxy, then sees that address as the client (client-address.ts). Node's fetch cannot bind its socket; node:http can.
 */
function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers,
        localAddress,
        family: 4,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
          }
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export class Browser {
  readonly jar = new CookieJar();

  /**
   * `ip` goes out as X-Forwarded-For (believed when the provider runs with IDP_TRUSTED_PROXIES naming this process),
   * to keep rate-limit counters apart; a request's own X-Forwarded-For header wins.
   * `localAddress`: send from this loopback address instead (the socket is bound to it; no X-Forwarded-For), for a
   * provider that trusts no proxy.
   */
  constructor(
    private readonly ip = '203.0.113.1',
    private readonly localAddress?: string,
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('Cookie', cookie);
    if (this.localAddress === undefined && !headers.has('X-Forwarded-For')) headers.set('X-Forwarded-For', this.ip);
    const res =
      this.localAddress === undefined
        ? await fetch(url, { ...init, headers, redirect: 'manual' })
        : await fetchFrom(this.localAddress, url, { ...init, headers });
    this.jar.store(res);
    return res;
  }

  postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL('/auth', issuer);
  const all: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export function absolute(issuer: string, location: string | null): string {
  if (!location) throw new Error('expected a Location header');
  return new URL(location, issuer).toString();
}

/** Follows redirects inside the provider; stops at a page (non-3xx) or at a redirect to the app. */
export async function follow(
  browser: Browser,
  issuer: string,
  res: Response,
): Promise<{ res: Response; appRedirect?: URL }> {
  let current = res;
  for (let hops = 0; hops < 10; hops += 1) {
    if (current.status < 300 || current.status >= 400) return { res: current };
    const next = new URL(absolute(issuer, current.headers.get('location')));
    if (next.origin !== new URL(issuer).origin) return { res: current, appRedirect: next };
    current = await browser.request(next.toString());
  }
  throw new Error('too many redirects');
}

/** Reads the form action from our login page. */
export function formAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in page:\n${html}`);
  return action.replace(/&amp;/g, '&');
}

/** Parameters of a redirect to the app, from the fragment (keycloak-js's default response mode) or the query. */
export function callbackParams(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** A sign-in under way: the PKCE verifier, and the provider's answer to the password form. */
export interface SignInStarted {
  verifier: string;
  /** The answer to the password POST: a 303 on to the app, or a page (the second factor, an error). */
  res: Response;
}

/** Opens the authorization endpoint with PKCE as keycloak-js does and posts `username` and `password` to the form. */
export async function beginSignIn(
  browser: Browser,
  issuer: string,
  username: string,
  password: string,
): Promise<SignInStarted> {
  const { verifier, challenge } = pkce();
  const start = await follow(
    browser,
    issuer,
    await browser.request(authorizationUrl(issuer, { code_challenge: challenge, code_challenge_method: 'S256' })),
  );
  if (start.res.status !== 200) throw new Error(`expected the login form, got ${start.res.status}`);
  const action = formAction(await start.res.text());
  const res = await browser.postForm(new URL(action, issuer).toString(), { username, password });
  return { verifier, res };
}

/**
 * Posts `fields` to the form of `page` (e.g. the second factor's `{ code }`); returns the answer.
 */
export async function submitForm(
  browser: Browser,
  issuer: string,
  page: string,
  fields: Record<string, string>,
): Promise<Response> {
  return browser.postForm(new URL(formAction(page), issuer).toString(), fields);
}

/** Follows `res` back to the app and exchanges the code for tokens (the end of a sign-in). */
export async function finishSignIn(
  browser: Browser,
  issuer: string,
  res: Response,
  verifier: string,
): Promise<{ tokens: TokenResponse; tokenResponse: Response }> {
  const done = await follow(browser, issuer, res);
  if (!done.appRedirect)
    throw new Error(`sign-in did not return to the app: ${done.res.status} ${await done.res.text()}`);
  const code = callbackParams(done.appRedirect).get('code');
  if (!code) throw new Error(`no code in ${done.appRedirect.toString()}`);
  const tokenResponse = await browser.postForm(
    `${issuer}/token`,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    },
    { Origin: APP_ORIGIN },
  );
  const tokens = (await tokenResponse.clone().json()) as TokenResponse;
  if (tokenResponse.status !== 200) throw new Error(`token request failed: ${JSON.stringify(tokens)}`);
  return { tokens, tokenResponse };
}

/**
 * Authorization code flow with PKCE through the real login form. Returns the tokens and the raw token response.
 * `code`: when the provider asks for a second factor, the code (or recovery code) to give it.
 */
export async function signIn(
  browser: Browser,
  issuer: string,
  username: string,
  password: string,
  { code }: { code?: () => string } = {},
): Promise<{ tokens: TokenResponse; tokenResponse: Response }> {
  const { verifier, res } = await beginSignIn(browser, issuer, username, password);
  let answer = res;
  if (res.status === 200 && code) {
    answer = await submitForm(browser, issuer, await res.text(), { code: code() });
  }
  return finishSignIn(browser, issuer, answer, verifier);
}

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h = '', p = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
  };
}

/** keycloak-js 26 `decodeToken`: atob of the base64url payload, padded by length % 4, then JSON.parse. */
export function keycloakJsDecodeToken(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  if (typeof payload !== 'string') throw new Error('Unable to decode token, payload not found.');
  let output = payload.replaceAll('-', '+').replaceAll('_', '/');
  switch (output.length % 4) {
    case 0:
      break;
    case 2:
      output += '==';
      break;
    case 3:
      output += '=';
      break;
    default:
      throw new Error('Input is not of the correct length.');
  }
  const binary = atob(output);
  const decoded = decodeURIComponent(
    binary.replace(/(.)/g, (_m, ch: string) => {
      const code = ch.charCodeAt(0).toString(16).toUpperCase();
      return `%${code.length < 2 ? `0${code}` : code}`;
    }),
  );
  return JSON.parse(decoded) as Record<string, unknown>;
}

/** Verifies an RS256 JWS against a JWKS with node:crypto. */
export function verifyWithJwks(token: string, jwks: { keys: (JsonWebKey & { kid?: string })[] }): boolean {
  const [h = '', p = '', s = ''] = token.split('.');
  const { kid } = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { kid?: string };
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk) return false;
  return verify(
    'RSA-SHA256',
    Buffer.from(`${h}.${p}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(s, 'base64url'),
  );
}
