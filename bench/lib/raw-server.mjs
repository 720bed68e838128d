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
  return startListeningProcess(path.join(repoRoot, 'bench/raw-public-reads.mjs'), [], { DATABASE_URL: databaseUrl });
}

/**
 * Another baseline server of the benchmarks as a process of its own: `node <script> <args>` with `env` added, which
 * prints `… listening on <port>` once it listens (bench/raw-public-reads.mjs, bench/lib/bare-nest-server.cjs).
 * @param {string} script absolute path
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ child: import('node:child_process').ChildProcess, port: Promise<number> }} `port` resolves once it says
 *   it listens, and rejects if it exits first
 */
export function startListeningProcess(script, args, env = {}) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited (${code}) before it listened`)));
  });
  return { child, port };
}
