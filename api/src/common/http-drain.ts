import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { messages } from './messages';
import { ShutdownState, stoppingBody } from './shutdown-state';

/** Connections accepted before the stop signal that have not carried a request yet (see {@link drainMiddleware}). */
const unusedConnections = new WeakSet<Socket>();

/**
 * Remembers each connection `server` accepts while the process serves, until its first request (configure-app.ts).
 * A connection accepted just before the stop signal whose request is read just after it was already on its way to
 * this process: a proxy cannot pass a POST that was sent on to another replica (nginx retries only idempotent
 * requests once one was sent), so {@link drainMiddleware} serves that first request instead of refusing it
 * (docs/decisions/0044-survivable-faults.md (b): a rolling restart fails no request).
 */
export function trackNewConnections(server: Server): void {
  // Every accepted connection, those accepted after the stop signal included: until the listening socket closes
  // (drainHttpServer), a new connection is one a proxy has already sent a request on.
  server.on('connection', (socket: Socket) => unusedConnections.add(socket));
}

/**
 * Express middleware, installed after the request logger and the metrics timer (configure-app.ts). While the process
 * serves, it lets the request through and reports its end to the ShutdownState. Once the process is stopping:
 * - the first request of a connection accepted before the stop (trackNewConnections) is still served, with
 *   `Connection: close`; the drain waits for it like for any request in flight;
 * - any other request (a reused keep-alive connection) gets 503
 *   `{ statusCode, message: '서버가 종료 중입니다. …', status: 'stopping' }` with `Connection: close`, so the
 *   client retries on another replica and the connection ends after this answer.
 * Readiness answers 503 while stopping either way (health.controller.ts).
 */
export function drainMiddleware(state: ShutdownState) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const firstOnConnection = unusedConnections.delete(request.socket);
    if (!state.stopping || firstOnConnection) {
      if (state.stopping) response.setHeader('Connection', 'close');
      response.once('finish', state.responseFinished);
      next();
      return;
    }
    response.setHeader('Connection', 'close');
    response.status(503).json(stoppingBody(messages.serverStopping, request.id));
  };
}

/**
 * Graceful stop of the HTTP side (docs/decisions/0017-stateless-api.md), run before the app and its pool close:
 * 1. mark the process stopping: readiness answers 503, new requests on old connections 503 + `Connection: close`;
 * 2. after one turn of the event loop (connections already in the listen backlog are accepted and served),
 *    `server.close()`: the listening socket closes, new connections are refused;
 * 3. idle keep-alive connections are closed at once, and each busy one as soon as its in-flight
 *    response has finished (Node ends only connections without a request in flight);
 * 4. resolves when every connection has ended, or after `timeoutMs`, when the remaining sockets are
 *    destroyed and their requests cut.
 * @returns how many connections were cut at the timeout (0 = every request finished).
 */
export async function drainHttpServer(server: Server, state: ShutdownState, timeoutMs: number): Promise<number> {
  const closeIdle = () => setImmediate(() => server.closeIdleConnections());
  state.markStopping(closeIdle);
  if (!server.listening) return 0;
  // Connections the kernel completed before the signal wait in the listen backlog until the event loop accepts them;
  // closing the listening socket now would reset them, and a proxy that already sent a POST on one answers 502
  // (nginx does not retry a non-idempotent request once sent). One turn of the loop accepts them first.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (!timedOut) return 0;
  const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
  server.closeAllConnections();
  await closed;
  return open;
}
