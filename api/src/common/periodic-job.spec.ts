import { PeriodicJob } from './periodic-job';

describe('PeriodicJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a round every interval, skips a tick while a round still runs, reports a failed round and goes on', async () => {
    const errors: string[] = [];
    let release: (() => void) | null = null;
    let rounds = 0;
    const job = new PeriodicJob(
      async () => {
        rounds += 1;
        if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
        if (rounds === 2) throw new Error('database down');
      },
      (message) => errors.push(message),
    );
    job.start(1000);
    await jest.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(1);
    // The first round is still running: two more ticks start nothing.
    await jest.advanceTimersByTimeAsync(2000);
    expect(rounds).toBe(1);
    release!();
    await jest.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    expect(errors).toEqual(['database down']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(3);
    await job.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(rounds).toBe(3);
  });

  it('stop() waits for the round in flight', async () => {
    let finished = false;
    let release: (() => void) | null = null;
    const job = new PeriodicJob(
      async () => {
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
      },
      () => undefined,
    );
    job.start(1000);
    await jest.advanceTimersByTimeAsync(1000);
    const stopped = job.stop().then(() => finished);
    release!();
    await expect(stopped).resolves.toBe(true);
  });
});
