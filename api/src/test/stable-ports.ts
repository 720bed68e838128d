import { createServer } from 'node:net';

/**
 * Below Linux's default ephemeral range (32768–60999, `net.ipv4.ip_local_port_range`), and below the fixed ports of
 * the older browser tests (13000, 17000–28499), which may start after this block was chosen.
 */
const FIRST = 10_100;
const LAST = 12_300;

/** True when `port` can be listened on at 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive free ports outside the ephemeral range, for a server a test stops and starts again on the same
 * port (a rolling restart, a database restart). A port the system hands out (listen on port 0) lies inside the
 * ephemeral range, where the test's own outgoing connections may take it while the server is down (EADDRINUSE on
 * the restart). Random, so two test files rarely try the same block; a block with a busy port is skipped.
 * @throws Error when 100 random blocks were all busy.
 */
export async function stablePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = FIRST + Math.floor(Math.random() * (LAST - FIRST - count));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error(`no block of ${count} free ports between ${FIRST} and ${LAST}`);
}

/**
 * One free port outside the ephemeral range, for a server a test starts on it next. Unlike a port the system hands
 * out (listen on port 0), no outgoing connection of another test can take it in the second or two before a started
 * process listens (CI: `listen EADDRINUSE: address already in use 127.0.0.1:38479` in public-cache.int.spec.ts).
 */
export const stablePort = (): Promise<number> => stablePortBlock(1);
