import net from 'node:net';

/** True when nothing listens on `port` (127.0.0.1) and it can be bound now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports for one site that are free right now: `site` and the 7 after it (each remote listens on SITE_PORT + its
 * `portOffset`, remotes.json), `api` and `idp`. The base is a port the system handed out (listen on port 0), so
 * two test files never guess the same block; a block with a busy port is skipped.
 */
export async function freeSitePorts(): Promise<{ site: number; api: number; idp: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (base + 10 > 65_535) continue;
    const block = Array.from({ length: 10 }, (_, i) => base + i);
    if ((await Promise.all(block.map(isFree))).every(Boolean)) return { site: base, api: base + 8, idp: base + 9 };
  }
  throw new Error('no block of 10 free ports found');
}
