/**
 * The raw baseline of the API's public reads (bench/raw-public-reads.mjs: `node:http` + `pg` running the same SQL) as
 * a process of its own on `databaseUrl`, for the benchmarks that compare the API with it.
 *
 *   const raw = startRawServer(api.databaseUrl);
 *   const port = await raw.port;   // once it listens
 *   raw.child.kill('SIGTERM');
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../scripts/site-layout.mjs';

/**
 * @param {string} databaseUrl the database the API under test reads
 * @returns {{ child: import('node:child_process').ChildProcess, port: Promise<number> }} `port` resolves once it says
 *   it listens, and rejects if it exits first
 */
export function startRawServer(databaseUrl) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bench/raw-public-reads.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/raw listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('the raw server exited')));
  });
  return { child, port };
}
