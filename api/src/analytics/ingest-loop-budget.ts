import { performance } from 'node:perf_hooks';

/**
 * Milliseconds of CPU time of each second the ingest may spend checking and queueing beacons in one API process (a
 * fifth of a core; docs/decisions/0072-cheap-analytics-ingest.md): past it, the second's remaining beacons are answered
 * 204 unread and counted as dropped, so a flood cannot take the event loop from the page reads. About 0.1 ms a beacon
 * of one event (more for 20), so some 2,000 beacons a second.
 */
export const INGEST_LOOP_MS_PER_SECOND = 200;

/** This process's CPU time so far, in milliseconds (user + system, process.cpuUsage). */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The ingest's share of the event loop, per second of `now()` (milliseconds; performance.now by default). Only
 * synchronous work is measured ({@link timed}), never a wait for the database, so beacons in flight together do not
 * count each other's time; and it is measured in this process's CPU time (`cpu()`, process.cpuUsage by default, about
 * 0.4 µs a reading), so other processes on the machine do not make it look longer than it was.
 */
export class IngestLoopBudget {
  private second = -1;
  private spent = 0;

  constructor(
    private readonly msPerSecond = INGEST_LOOP_MS_PER_SECOND,
    private readonly now: () => number = () => performance.now(),
    private readonly cpu: () => number = cpuMs,
  ) {}

  /** True while the current second's share is not spent. */
  get available(): boolean {
    this.roll();
    return this.spent < this.msPerSecond;
  }

  /** Runs `work` (synchronous) and adds the CPU milliseconds it took to the current second, thrown or not. */
  timed<T>(work: () => T): T {
    const started = this.cpu();
    try {
      return work();
    } finally {
      this.roll();
      this.spent += this.cpu() - started;
    }
  }

  private roll(): void {
    const second = Math.floor(this.now() / 1000);
    if (second === this.second) return;
    this.second = second;
    this.spent = 0;
  }
}
