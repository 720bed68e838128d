import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { drainHttpServer } from './http-drain';
import { ShutdownState } from './shutdown-state';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The drain's treatment of requests that arrive once the process is stopping (common/http-drain.ts,
 * docs/decisions/0044-survivable-faults.md (b)): the first request of a new connection is served (a proxy could not
 * pass it elsewhere once sent), a reused keep-alive connection gets 503 `status: 'stopping'`. Raw sockets, so which
 * connection carries which request is exact.
 */
/** A connection `server` has accepted (its 'connection' event ran), and what it received. */
async function acceptedBy(
  server: Server,
  port: number,
): Promise<{ socket: Socket; received(): string; closed: Promise<void> }> {
  const before = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (;;) {
    const now = await new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));
    if (now > before) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { socket, received: () => data, closed };
}
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const status = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);

/** A test app listening on a free loopback port. */
async function listeningTestApp(): Promise<{ t: TestApp; server: Server; port: number }> {
  const t = await createTestApp(new Date('2026-11-20T03:00:00Z'));
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { t, server, port: (server.address() as AddressInfo).port };
}

/** Resolves once `connection` has received the head of an answer. */
async function answered(connection: { received(): string }): Promise<void> {
  while (!connection.received().includes('\r\n\r\n')) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('requests arriving while the process stops', () => {
  let t: TestApp;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    ({ t, server, port } = await listeningTestApp());
  });
  afterAll(() => t.close());

  const accepted = () => acceptedBy(server, port);

  test('first request of a connection accepted before the stop: served, then the connection closes', async () => {
    const early = await accepted();
    const reused = await accepted();
    reused.socket.write(get('/api/health/live'));
    await answered(reused);
    expect(status(reused.received())).toBe(200);

    t.app.get(ShutdownState).markStopping();
    early.socket.write(get('/api/store'));
    await early.closed;
    expect(status(early.received())).toBe(200);
    expect(early.received()).toMatch(/\r\nconnection: close\r\n/i);

    // The keep-alive connection that already carried a request is turned away.
    const before = reused.received().length;
    reused.socket.write(get('/api/store'));
    await reused.closed;
    const second = reused.received().slice(before);
    expect(status(second)).toBe(503);
    expect(second).toContain('"status":"stopping"');

    // A connection accepted after the stop while the listening socket is still open (in production for one turn of
    // the event loop, drainHttpServer; here the socket stays open) is one a proxy already sent a request on: its
    // first request is served too, and the connection closes.
    const late = await accepted();
    late.socket.write(get('/api/store'));
    await late.closed;
    expect(status(late.received())).toBe(200);
    expect(late.received()).toMatch(/\r\nconnection: close\r\n/i);
  });

  test('a keep-alive connection whose request was answered from memory is turned away too', async () => {
    const fresh = await listeningTestApp();
    try {
      await fetch(`http://127.0.0.1:${fresh.port}/api/tag/list`); // fills the cache through Nest
      const reused = await acceptedBy(fresh.server, fresh.port);
      reused.socket.write(get('/api/tag/list'));
      await answered(reused);
      expect(status(reused.received())).toBe(200);

      fresh.t.app.get(ShutdownState).markStopping();
      const before = reused.received().length;
      reused.socket.write(get('/api/tag/list'));
      await reused.closed;
      expect(status(reused.received().slice(before))).toBe(503);
    } finally {
      await fresh.t.close();
    }
  });
});

describe('drainHttpServer', () => {
  test('closes an idle keep-alive connection, but serves one accepted and not yet read its first request', async () => {
    const { t, server, port } = await listeningTestApp();
    try {
      const idle = await acceptedBy(server, port);
      idle.socket.write(get('/api/health/live'));
      await answered(idle);
      // Accepted, its request not read yet: what nginx's connection looks like when the stop signal comes just after
      // nginx connected. It must be served, not cut with the idle ones.
      const unread = await acceptedBy(server, port);

      const drained = drainHttpServer(server, t.app.get(ShutdownState), 10_000);
      await idle.closed;
      expect(unread.socket.destroyed).toBe(false);
      unread.socket.write(get('/api/store'));
      await unread.closed;
      expect(status(unread.received())).toBe(200);
      expect(unread.received()).toMatch(/\r\nconnection: close\r\n/i);
      // Every connection ended by itself: none cut at the time-out.
      expect(await drained).toBe(0);
    } finally {
      await t.close();
    }
  });
});
