import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestIssuer, type TestIssuer } from '../test/test-issuer';
import { stablePort } from '../test/stable-ports';

jest.setTimeout(180_000);

const repoRoot = join(__dirname, '..', '..', '..');

/** One answer of the burst: what was asked, its status, and the body of any 5xx. */
interface Answer {
  what: string;
  status: number;
  body?: string;
}

/**
 * docs/decisions/0044-survivable-faults.md(0): the embedded database (PGlite behind @electric-sql/pglite-socket,
 * `npm start`'s default) serves concurrent requests without error. Before the fix several pool connections interleaved
 * their extended-protocol messages on PGlite's one session and a request answered 500 `portal "" does not exist` at
 * random. The API runs as a real process compiled from its sources (PGlite cannot load inside jest's module sandbox),
 * with no DATABASE_URL and the demo catalogue seeded, and gets 240 requests at once: the public link list, the tag
 * list, image variants never made before (cold, three widths per image) and made already (cached), and administrator
 * creates and updates. No answer may be a 5xx, and every write must be there afterwards.
 */
describe('embedded database under concurrent requests (docs/decisions/0044-survivable-faults.md(0))', () => {
  let issuer: TestIssuer;
  let dataDir: string;
  let api: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    issuer = await startTestIssuer();
    dataDir = mkdtempSync(join(tmpdir(), 'linksite-embedded-burst-'));
    const port = await stablePort();
    const { DATABASE_URL: _server, ...inherited } = process.env;
    api = spawn(
      process.execPath,
      ['-r', join(repoRoot, 'build', 'register-swc.js'), join(repoRoot, 'api/src/main.ts')],
      {
        cwd: repoRoot,
        env: {
          ...inherited,
          NO_COLOR: '1',
          DATA_DIR: dataDir,
          OIDC_ISSUER: issuer.issuer,
          HOST: '127.0.0.1',
          PORT: String(port),
          RATE_LIMIT_READ_PER_MINUTE: '1000000',
          RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
        },
      },
    );
    api.stdout!.on('data', (chunk) => (output += chunk));
    api.stderr!.on('data', (chunk) => (output += chunk));
    const ready = `API listening on http://127.0.0.1:${port}/api`;
    const deadline = Date.now() + 150_000;
    while (!output.includes(ready)) {
      if (api.exitCode !== null) throw new Error(`API exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`API not ready in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await issuer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 240 concurrent mixed reads and writes with no 5xx, and keeps every write', async () => {
    const store = await fetch(`${base}/api/store`);
    expect(store.status).toBe(200);
    const text = await store.text();
    const keys = [...new Set([...text.matchAll(/\/api\/images\/([0-9a-f]{64})/g)].map((m) => m[1]!))];
    expect(keys.length).toBeGreaterThanOrEqual(8);
    const [warmKey] = keys;
    expect((await fetch(`${base}/api/images/${warmKey}?w=320`)).status).toBe(200);
    const authorization = `Bearer ${await issuer.mint({ expiresInSeconds: 3600 })}`;
    const { product } = (await (await fetch(`${base}/api/main/list`, { headers: { authorization } })).json()) as {
      product: { id: number }[];
    };

    // A request that never answers counts as a failure (status 0) instead of hanging the test.
    const ask = async (what: string, path: string, init?: RequestInit): Promise<Answer> => {
      try {
        const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
        const body = await res.text();
        return res.status >= 500 ? { what, status: res.status, body } : { what, status: res.status };
      } catch (error) {
        return { what, status: 0, body: String(error) };
      }
    };
    const write = (method: string, path: string, body: object) =>
      ask(`${method} ${path}`, path, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const requests: Promise<Answer>[] = [];
    for (let i = 0; i < 240; i++) {
      const key = keys[i % keys.length]!;
      switch (i % 8) {
        case 0:
        case 1:
          requests.push(ask('store', '/api/store'));
          break;
        case 2:
          requests.push(ask('tags', '/api/tag/list'));
          break;
        case 3:
          requests.push(ask('cold variant', `/api/images/${key}?w=${[320, 640, 1280][i % 3]}`));
          break;
        case 4:
        case 5:
          requests.push(ask('cached variant', `/api/images/${warmKey}?w=320`));
          break;
        case 6:
          requests.push(write('POST', '/api/store/create', { pname: `동시 ${i}`, tag: '동시성' }));
          break;
        default:
          requests.push(write('PUT', `/api/main/update/${product[i % product.length]!.id}`, { tag: `수정${i}` }));
      }
    }
    const answers = await Promise.all(requests);

    const failures = answers.filter((a) => a.status >= 500 || a.status === 0);
    expect(failures).toEqual([]);
    expect(output).not.toMatch(/portal .* does not exist|QueryFailedError/);
    const byWhat = (what: string) => answers.filter((a) => a.what === what).map((a) => a.status);
    expect(new Set(byWhat('store'))).toEqual(new Set([200]));
    expect(new Set(byWhat('tags'))).toEqual(new Set([200]));
    expect(new Set(byWhat('cold variant'))).toEqual(new Set([200]));
    expect(new Set(byWhat('cached variant'))).toEqual(new Set([200]));
    expect(new Set(answers.filter((a) => a.what.startsWith('POST')).map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.filter((a) => a.what.startsWith('PUT')).map((a) => a.status))).toEqual(new Set([200]));

    const after = (await (await fetch(`${base}/api/main/list`, { headers: { authorization } })).json()) as {
      product: { pname: string; pcode: number }[];
    };
    expect(after.product.filter((link) => link.pname.startsWith('동시 '))).toHaveLength(30);
    // Creates that ran at once still got distinct places at the end of the list: pcode stays 0..n-1.
    expect(after.product.map((link) => link.pcode)).toEqual(after.product.map((_, index) => index));
  });
});
