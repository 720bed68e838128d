import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import pg, { type PoolClient, type PoolConfig } from 'pg';
import { LaneQueue } from '../common/lane-queue';

/**
 * The queue a connection request waits in on the embedded database
 * (docs/decisions/0091-responsive-embedded-default.md): `write` for everything a request that changes data asks for
 * (any method but GET, HEAD, OPTIONS: its audit snapshot, its transaction, its audit entry), `image` for image bytes
 * read or stored by ImagesService (originals, WebP variants: a page's first visit asks for dozens at once), `read` for
 * the rest (public and administrator reads, jobs outside a request).
 */
export type ConnectionLane = 'write' | 'read' | 'image';

/** The order the lanes take turns in while several wait. */
const LANES: readonly ConnectionLane[] = ['write', 'read', 'image'];

/** pg's callback form of `Pool.connect`; `done(error)` destroys the client instead of keeping it. */
type ConnectCallback = (
  error: Error | undefined,
  client: PoolClient | undefined,
  done: (error?: Error | boolean) => void,
) => void;

const currentLane = new AsyncLocalStorage<ConnectionLane>();
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs `fn` with every pool connection it asks for (directly or through TypeORM) queued in `lane`. */
export function inConnectionLane<T>(lane: ConnectionLane, fn: () => T): T {
  return currentLane.run(lane, fn);
}

/**
 * Express middleware putting each request in its {@link ConnectionLane} by its method, for everything that runs after
 * it. AppModule mounts it as module middleware, so after configure-app.ts's body parsers: their stream events would
 * not carry the lane on.
 */
export function connectionLanes(request: Request, _response: Response, next: NextFunction): void {
  inConnectionLane(READ_METHODS.has(request.method) ? 'read' : 'write', next);
}

/**
 * pg's Pool with a LaneQueue (common/lane-queue.ts) in front of its `max` connections, the {@link ConnectionLane}s
 * taking turns (docs/decisions/0091-responsive-embedded-default.md): a write waits for at most one read and one image
 * query per write ahead of it. On the embedded database the pool holds ONE connection (typeorm-options.ts
 * EMBEDDED_POOL_SIZE), and pg's own queue is first in, first out: each query of a save outside its transaction, and the
 * transaction itself, waited behind every cold image variant and public read already queued (saves took 15 s median
 * under 300 concurrent visitors). Here each `connect()` waits in its caller's lane ({@link connectionLanes}, {@link
 * inConnectionLane}; `read` outside any) and asks pg only once the queue grants it, so pg never queues; the slot comes
 * back when the client is released (a second `release` still throws, as pg's does).
 */
export class EmbeddedPool extends pg.Pool {
  readonly lanes: LaneQueue<ConnectionLane>;

  constructor(config?: PoolConfig) {
    super(config);
    this.lanes = new LaneQueue(this.options.max, LANES);
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const checkout = this.checkout(currentLane.getStore() ?? 'read');
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async checkout(lane: ConnectionLane): Promise<PoolClient> {
    const giveBack = await this.lanes.acquire(lane);
    let client: PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      giveBack();
      throw error;
    }
    // pg sets a new `release` on every checkout, so this wraps this checkout's only.
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      try {
        release(error);
      } finally {
        giveBack();
      }
    };
    return client;
  }
}

/**
 * The pg module for TypeORM's `driver` option on the embedded database: pg itself with {@link EmbeddedPool} as its
 * Pool. pg's lazy `native` getter is not enumerable, so it is not copied (nor loaded).
 */
export const embeddedDriver = { ...pg, Pool: EmbeddedPool };
