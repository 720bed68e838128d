/**
 * At most `slots` holders at a time; each waiter queues first in, first out in its lane, and while several lanes wait
 * they take turns in the order given to the constructor (docs/decisions/0091-responsive-embedded-default.md). With
 * lanes `['write', 'read']` a write waits for at most one read per write ahead of it, however long the queue of reads,
 * and reads still get every other turn while writes keep coming. With one lane it is a plain first-in-first-out
 * semaphore.
 */
export class LaneQueue<Lane extends string> {
  private free: number;
  private readonly waiting = new Map<Lane, (() => void)[]>();
  /** Index in `lanes` of the lane served last: the next turn goes to the first waiting lane after it. */
  private last: number;

  /**
   * @param slots holders at a time, at least 1
   * @param lanes the lanes, in the order they take turns
   */
  constructor(
    slots: number,
    private readonly lanes: readonly Lane[],
  ) {
    this.free = Math.max(1, slots);
    for (const lane of lanes) this.waiting.set(lane, []);
    this.last = lanes.length - 1;
  }

  /** Waiters in every lane. */
  get waitingCount(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  /** Resolves once a slot is the caller's, with the function that gives it back (later calls do nothing). */
  acquire(lane: Lane): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting.get(lane)!.push(() => resolve(this.giveBack()));
      this.grant();
    });
  }

  /** Runs `work` holding a slot of `lane`, and gives it back when `work` settles. */
  async run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    const giveBack = await this.acquire(lane);
    try {
      return await work();
    } finally {
      giveBack();
    }
  }

  private giveBack(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.free += 1;
      this.grant();
    };
  }

  private grant(): void {
    while (this.free > 0) {
      const next = this.nextLane();
      if (next < 0) return;
      this.free -= 1;
      this.last = next;
      this.waiting.get(this.lanes[next]!)!.shift()!();
    }
  }

  /** The index of the first lane after the last one served that has a waiter, or -1. */
  private nextLane(): number {
    for (let step = 1; step <= this.lanes.length; step++) {
      const index = (this.last + step) % this.lanes.length;
      if (this.waiting.get(this.lanes[index]!)!.length > 0) return index;
    }
    return -1;
  }
}
