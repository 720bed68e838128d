import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from './site';

/** Builds one frontend app folder with the repository's webpack (production mode). */
export function buildApp(appDir: string): void {
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    cwd: appDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed in ${appDir}:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Serves `<appDir>/dist` on `port` with the same static server `npm start` uses; resolves once it listens. `env` is
 * added to this process's environment (the runtime configuration: `REMOTE_MF_STORE_URL`, `OIDC_ISSUER`, …).
 */
export async function serveApp(
  appDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/serve-app.mjs'), appDir, String(port)],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`serve-app exited with ${code}: ${output}`)));
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A server that accepts connections and never answers: what a remote looks like when its host hangs.
 * Resolves with its port, the time (`Date.now()`, ms) its first connection arrived (undefined before one
 * has) and a function that closes it.
 */
export async function startHangingServer(): Promise<{
  port: number;
  firstConnectionAt: () => number | undefined;
  close: () => Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let firstConnectionAt: number | undefined;
  const server = net.createServer((socket) => {
    firstConnectionAt ??= Date.now();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    firstConnectionAt: () => firstConnectionAt,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
