import { LaneQueue } from './lane-queue';

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LaneQueue (docs/decisions/0091-responsive-embedded-default.md)', () => {
  it('lets the lanes take turns, first in first out within each', async () => {
    const queue = new LaneQueue(1, ['write', 'read'] as const);
    const order: string[] = [];
    const holder = await queue.acquire('read');
    const waiters = new Map<string, Promise<() => void>>();
    for (const [lane, name] of [
      ['read', 'r1'],
      ['read', 'r2'],
      ['read', 'r3'],
      ['write', 'w1'],
      ['write', 'w2'],
    ] as const) {
      waiters.set(
        name,
        queue.acquire(lane).then((giveBack) => {
          order.push(name);
          return giveBack;
        }),
      );
    }
    expect(queue.waitingCount).toBe(5);
    holder();
    for (let turn = 1; turn <= 5; turn++) {
      await settle();
      // One holder at a time: the next one is granted only once this one gives its slot back.
      expect(order).toHaveLength(turn);
      (await waiters.get(order[turn - 1]!)!)();
    }
    expect(order).toEqual(['w1', 'r1', 'w2', 'r2', 'r3']);
    expect(queue.waitingCount).toBe(0);
  });

  it('gives a slot back once however often it is given back', async () => {
    const queue = new LaneQueue(1, ['only'] as const);
    const first = await queue.acquire('only');
    first();
    first();
    const second = await queue.acquire('only');
    let third = false;
    void queue.acquire('only').then(() => (third = true));
    await settle();
    expect(third).toBe(false);
    second();
    await settle();
    expect(third).toBe(true);
  });

  it('run() gives the slot back when the work fails', async () => {
    const queue = new LaneQueue(1, ['sharp'] as const);
    await expect(queue.run('sharp', () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    await expect(queue.run('sharp', async () => 'made')).resolves.toBe('made');
  });

  it('holds at most `slots` at a time', async () => {
    const queue = new LaneQueue(2, ['only'] as const);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        queue.run('only', async () => {
          running += 1;
          most = Math.max(most, running);
          await settle();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
