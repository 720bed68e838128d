import { IngestLoopBudget } from './ingest-loop-budget';

describe('IngestLoopBudget: the ingest share of each second of the event loop (docs/decisions/0072-cheap-analytics-ingest.md)', () => {
  /**
   * A wall clock and a CPU clock the test moves by hand, in milliseconds; work takes `ms` of both, waiting (for the
   * database, or while other processes run) only of the wall clock.
   */
  const setUp = (msPerSecond: number) => {
    let now = 10_000;
    let cpu = 0;
    const budget = new IngestLoopBudget(
      msPerSecond,
      () => now,
      () => cpu,
    );
    const work = (ms: number) =>
      budget.timed(() => {
        now += ms;
        cpu += ms;
      });
    return { budget, work, wait: (ms: number) => (now += ms) };
  };

  it('is available until the second’s share is spent, and again the next second', () => {
    const { budget, work, wait } = setUp(200);
    expect(budget.available).toBe(true);
    work(150);
    expect(budget.available).toBe(true);
    work(60);
    expect(budget.available).toBe(false);
    wait(789); // 10,999 ms: still the same second
    expect(budget.available).toBe(false);
    wait(1);
    expect(budget.available).toBe(true);
  });

  it('counts only the CPU time of the work it timed, not the time between', () => {
    const { budget, work, wait } = setUp(100);
    for (let i = 0; i < 9; i += 1) {
      work(10);
      wait(50);
    }
    expect(budget.available).toBe(true);
    work(10);
    expect(budget.available).toBe(false);
  });

  it('counts work that throws, and passes its result or error on', () => {
    let cpu = 0;
    const timed = new IngestLoopBudget(
      100,
      () => 0,
      () => cpu,
    );
    expect(
      timed.timed(() => {
        cpu += 40;
        return 'done';
      }),
    ).toBe('done');
    expect(() =>
      timed.timed(() => {
        cpu += 70;
        throw new Error('bad beacon');
      }),
    ).toThrow('bad beacon');
    expect(timed.available).toBe(false);
  });

  it("does not count the time other processes held the CPU while the work ran (the wall clock's share)", () => {
    let now = 0;
    let cpu = 0;
    const budget = new IngestLoopBudget(
      100,
      () => now,
      () => cpu,
    );
    for (let i = 0; i < 9; i += 1)
      budget.timed(() => {
        now += 50; // descheduled for 40 of them
        cpu += 10;
      });
    expect(budget.available).toBe(true);
  });
});
