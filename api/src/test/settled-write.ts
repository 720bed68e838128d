import type { INestApplication } from '@nestjs/common';
import { PublicCache } from '../public-cache/public-cache';

/**
 * How many times one write request through the app empties its process's public cache: once at once
 * (InvalidateOnWriteInterceptor), and once more when the write's transaction's NOTIFY (one per transaction, whatever
 * it wrote: PostgreSQL folds identical notifications) comes back on the LISTEN connection, a moment later
 * (public-cache/invalidation-channel.ts).
 */
const EMPTIED_PER_WRITE = 2;

/**
 * How many times one transaction written by SQL, beside the app, with the tables' NOTIFY triggers on, empties the
 * app's public cache: once, when its NOTIFY arrives (docs/decisions/0089-invalidation-cannot-be-lost.md).
 */
const EMPTIED_PER_SQL_WRITE = 1;

/** Runs `write` and resolves with its result once `app`'s public cache has been emptied `times` times since. */
async function emptiedAfter<T>(app: INestApplication, times: number, write: () => Promise<T>): Promise<T> {
  let emptied = 0;
  let heard!: () => void;
  const echoed = new Promise<void>((resolve) => (heard = resolve));
  const stop = app.get(PublicCache).onInvalidate(() => {
    emptied += 1;
    if (emptied === times) heard();
  });
  try {
    const result = await write();
    await echoed;
    return result;
  } finally {
    stop();
  }
}

/**
 * Runs `write`, one write request through `app` to a table of the public reads (links, plans, cover, popup_slots),
 * and resolves with its result once the app's process has heard that write's own NOTIFY. A test that reads an answer
 * after a write and then expects the next read to come from the cache must read after that echo: on a loaded machine
 * it can arrive after the first read and empty the cache between the two. Never resolves for a write that sends no
 * NOTIFY (the test's timeout says so).
 */
export function settledWrite<T>(app: INestApplication, write: () => Promise<T>): Promise<T> {
  return emptiedAfter(app, EMPTIED_PER_WRITE, write);
}

/**
 * The same for `write`, one transaction of SQL on such a table beside the app (its trigger on): resolves once the app
 * has heard its NOTIFY, so a later test of the file does not have its cached answer emptied under it.
 */
export function settledSqlWrite<T>(app: INestApplication, write: () => Promise<T>): Promise<T> {
  return emptiedAfter(app, EMPTIED_PER_SQL_WRITE, write);
}
