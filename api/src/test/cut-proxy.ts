import { type AddressInfo, createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of one server (PostgreSQL, Redis), for tests that cut one API process's
 * connections while the others keep theirs: give that process the proxy's address instead of the server's.
 */
export interface CutProxy {
  /** The port it listens on. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /**
   * Closes every chosen connection (see {@link startCutProxy}'s `chosen`) and refuses new ones until {@link restore}:
   * the server is unreachable, as when a pod's network path to it is down.
   */
  cut(): void;
  /**
   * Leaves every chosen connection open but carries nothing on it any more, either way, and refuses new ones until
   * {@link restore}: a path that goes silent without a reset.
   */
  freeze(): void;
  /** Lets new connections through again (those cut or frozen stay so). */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Starts a {@link CutProxy} to `target` (`host:port`).
 * @param chosen which connections `cut` and `freeze` act on, from the first bytes the client sent (a PostgreSQL
 *   startup message carries its `application_name`); all when absent.
 */
export async function startCutProxy(
  target: string,
  chosen: (first: Buffer) => boolean = () => true,
): Promise<CutProxy> {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  let state: 'open' | 'cut' | 'frozen' = 'open';
  const open = new Set<{ client: Socket; server: Socket | null; chosen: boolean; frozen: boolean }>();
  const proxy = createServer((client) => {
    const pair = { client, server: null as Socket | null, chosen: false, frozen: false };
    open.add(pair);
    const end = () => {
      open.delete(pair);
      client.destroy();
      pair.server?.destroy();
    };
    client.on('error', end);
    client.on('close', () => !pair.frozen && end());
    client.once('data', (first: Buffer) => {
      pair.chosen = chosen(first);
      if (pair.chosen && state !== 'open') return end();
      const server = connect(port, host);
      pair.server = server;
      server.on('error', end);
      server.on('close', () => !pair.frozen && end());
      server.on('data', (chunk: Buffer) => !pair.frozen && client.write(chunk));
      client.on('data', (chunk: Buffer) => !pair.frozen && server.write(chunk));
      server.write(first);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const listening = (proxy.address() as AddressInfo).port;
  return {
    port: listening,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(listening);
      return parsed.toString();
    },
    cut() {
      state = 'cut';
      for (const pair of open) {
        if (!pair.chosen) continue;
        open.delete(pair);
        pair.client.destroy();
        pair.server?.destroy();
      }
    },
    freeze() {
      state = 'frozen';
      for (const pair of open) if (pair.chosen) pair.frozen = true;
    },
    restore() {
      state = 'open';
    },
    async close() {
      for (const pair of open) {
        pair.client.destroy();
        pair.server?.destroy();
      }
      open.clear();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
