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
 * Runs `write`, one write request through `app` to a table of the public reads (links, plans, cover, popup_slots),
 * and resolves with its result once the app's process has heard that write's own NOTIFY. A test that reads an answer
 * after a write and then expects the next read to come from the cache must read after that echo: on a loaded machine
 * it can arrive after the first read and empty the cache between the two. Never resolves for a write that sends no
 * NOTIFY (the test's timeout says so).
 */
export async function settledWrite<T>(app: INestApplication, write: () => Promise<T>): Promise<T> {
  let emptied = 0;
  let heard!: () => void;
  const echoed = new Promise<void>((resolve) => (heard = resolve));
  app.get(PublicCache).onInvalidate(() => {
    emptied += 1;
    if (emptied === EMPTIED_PER_WRITE) heard();
  });
  const result = await write();
  await echoed;
  return result;
}
