import { SingleFlight } from './single-flight';

/** A promise and the functions that settle it. */
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('SingleFlight (docs/decisions/0091-responsive-embedded-default.md)', () => {
  it('runs the work once for callers of one key at once, and again once it settled', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    const work = jest.fn(() => gate.promise);
    const callers = Array.from({ length: 20 }, () => flights.run('a-640', work));
    const other = flights.run('a-320', async () => 'other');
    gate.resolve('bytes');
    expect(await Promise.all(callers)).toEqual(Array(20).fill('bytes'));
    expect(await other).toBe('other');
    expect(work).toHaveBeenCalledTimes(1);
    await flights.run('a-640', work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('gives every caller the error, and the next caller a new run', async () => {
    const flights = new SingleFlight<string>();
    const gate = deferred<string>();
    const callers = [flights.run('k', () => gate.promise), flights.run('k', () => gate.promise)];
    gate.reject(new Error('database unavailable'));
    for (const caller of callers) await expect(caller).rejects.toThrow('database unavailable');
    await expect(flights.run('k', async () => 'fine')).resolves.toBe('fine');
  });

  it('after forget(), starts a new run while the old one still answers its own callers', async () => {
    const flights = new SingleFlight<string>();
    const old = deferred<string>();
    const before = flights.run('k', () => old.promise);
    flights.forget();
    const fresh = deferred<string>();
    const after = flights.run('k', () => fresh.promise);
    old.resolve('before the write');
    expect(await before).toBe('before the write');
    // The old run settling does not free the key of the new one.
    const joined = flights.run('k', async () => 'a third run');
    fresh.resolve('after the write');
    expect(await after).toBe('after the write');
    expect(await joined).toBe('after the write');
  });
});
