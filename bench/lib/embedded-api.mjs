/**
 * The API on the embedded database for the benches (bench/embedded-reads.mjs, bench/embedded-mix.mjs): run from its
 * TypeScript sources (api/src compiled on the fly by swc), with no DATABASE_URL, on a fresh data directory, so it runs
 * on PGlite with the demo catalogue seeded, on a free loopback port, with the read and write rate limits out of the way.
 *
 *   const api = await startEmbeddedApi({ OIDC_ISSUER: … });  … api.base …  await api.stop();
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/site-layout.mjs';

/** A TCP port the kernel has free on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API and resolves once it listens.
 * @param {Record<string, string>} [env] more environment (an issuer, say)
 * @returns {Promise<{ base: string, output: () => string, stop: () => Promise<void> }>} `base`:
 *   `http://127.0.0.1:<port>`; `output`: what the API printed so far; `stop`: SIGTERM, wait, remove the data directory
 * @throws Error with the API's output when it exits before listening
 */
export async function startEmbeddedApi(env = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-bench-embedded-'));
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const api = spawn(
    process.execPath,
    ['-r', path.join(repoRoot, 'build/register-swc.js'), path.join(repoRoot, 'api/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        NO_COLOR: '1',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        RATE_LIMIT_READ_PER_MINUTE: '1000000',
        RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
        ...env,
      },
    },
  );
  let output = '';
  api.stdout.on('data', (chunk) => (output += chunk));
  api.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => api.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (api.exitCode === null) api.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  while (!output.includes(`API listening on ${base}/api`)) {
    if (api.exitCode !== null) {
      await stop();
      throw new Error(`API exited:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, output: () => output, stop };
}
