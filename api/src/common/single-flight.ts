/**
 * Concurrent callers asking for the same key share one run of the work
 * (docs/decisions/0091-responsive-embedded-default.md: 20 requests for one image variant never made before made it 20
 * times with sharp, and 300 visitors missing the public cache at once ran the same query 300 times on the embedded
 * database's one connection). Each caller gets the run's promise: its value, or its error. The key is free again once
 * the run settles, so a later caller starts a new one; nothing is kept.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** The run in flight for `key`, or a new one of `work`. */
  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running;
    const flight = Promise.resolve()
      .then(work)
      .finally(() => {
        if (this.running.get(key) === flight) this.running.delete(key);
      });
    this.running.set(key, flight);
    return flight;
  }

  /** Later callers start new runs; the runs in flight still answer their own callers. */
  forget(): void {
    this.running.clear();
  }
}
