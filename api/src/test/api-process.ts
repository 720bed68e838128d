import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..');

/** One API process started by {@link startApiProcess}. */
export interface ApiProcess {
  pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** Sends SIGTERM (the graceful drain of main.ts) and resolves with its exit code once it exited (SIGKILL after 20 s). */
  terminate(): Promise<number | null>;
}

/** Which process of the API image to start: the API (`main.ts`) or the analytics ingest (`ingest-main.ts`). */
export type ApiEntry = 'main' | 'ingest';

/** The line each entry prints once it listens (process/run-http-process.ts `listeningLine`). */
const LISTENING: Record<ApiEntry, string> = { main: 'API listening on', ingest: 'Ingest listening on' };

/**
 * Starts one real API process (`node -r build/register-swc.js api/src/main.ts`, compiled from the sources; with
 * `entry` 'ingest', `api/src/ingest-main.ts`) on `127.0.0.1:port` with `env` (DATABASE_URL, OIDC_ISSUER…), and
 * resolves once it printed that it listens. For tests that stop and start processes one at a time (the rolling
 * restart of docs/decisions/0044-survivable-faults.md (b)); test/booking-burst.ts starts a fixed set.
 * @throws Error with its output when it exits before listening, or is not listening within 90 s.
 */
export async function startApiProcess(
  port: number,
  env: NodeJS.ProcessEnv,
  entry: ApiEntry = 'main',
): Promise<ApiProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-r',
      join(repoRoot, 'build', 'register-swc.js'),
      join(repoRoot, 'api', 'src', `${entry === 'main' ? 'main' : 'ingest-main'}.ts`),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NO_COLOR: '1',
        MIGRATIONS_RUN: 'true',
        SEED_ON_EMPTY: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...env,
      },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = `${LISTENING[entry]} http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${entry} process exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} process not ready in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid ?? 0,
    output: () => output,
    terminate: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
}

/** The test issuer of {@link startIssuerProcess}: its OIDC_ISSUER, an administrator token (1 hour) and the process. */
export interface IssuerProcess {
  issuer: string;
  token: string;
  child: ChildProcess;
}

/**
 * The test issuer of the api specs in a process of its own (test/issuer-process.ts), for the e2e project whose jest
 * cannot load `jose`. Resolves with its first line; stop it with `child.kill('SIGTERM')`.
 * @throws Error with its output when it exits before printing.
 */
export async function startIssuerProcess(): Promise<IssuerProcess> {
  const child = spawn(process.execPath, [
    '-r',
    join(repoRoot, 'build', 'register-swc.js'),
    join(repoRoot, 'api', 'src', 'test', 'issuer-process.ts'),
  ]);
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`issuer exited with ${code}:\n${output}`)));
    child.stdout!.once('data', (chunk: Buffer) => {
      const line = JSON.parse(chunk.toString('utf8').trim()) as { issuer: string; token: string };
      resolve({ ...line, child });
    });
  });
}
