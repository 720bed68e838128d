/**
 * A round of background work an API process repeats (the analytics rollup, booking reminders, the waitlist's sweep):
 * started once the app is up, never two rounds of one job at once in one process (a round still running skips the
 * tick), a failed round reported and the next one tried, and `stop()` waiting for the round in flight, so a shutdown
 * never cuts a transaction in half. The timer does not keep the process alive. Which process does the work is the
 * round's own business (each job takes its advisory lock).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;

  /**
   * @param round one round of the work.
   * @param onError told of a round that threw (a message for the log; never personal data).
   */
  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly onError: (message: string) => void,
  ) {}

  /** Runs a round every `everyMs` milliseconds from now on. */
  start(everyMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round()
        .catch((error: unknown) => this.onError(error instanceof Error ? error.message : String(error)))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  /** No more rounds; resolves once the round in flight, if any, has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
