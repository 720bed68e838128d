/**
 * An open-loop load (the rate does not slow when answers do, as real arrivals do not): calls `fn(n)` (n = 0, 1, …)
 * `rate` times a second, in ticks of 10 ms, until stopped. A call that rejects is recorded as
 * `{ status: 0, ms: NaN, error }`. `stop()` stops sending, waits for every call in flight, and resolves with every
 * result in order of completion and the seconds the loop ran. Used by bench/opening-hour.mjs and
 * bench/analytics-ingest.mjs.
 * @param {number} rate calls a second
 * @param {(n: number) => Promise<object>} fn
 * @returns {{ stop(): Promise<{ results: object[], seconds: number }> }}
 */
export function openLoop(rate, fn) {
  const results = [];
  const pending = new Set();
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate) - sent;
    for (let i = 0; i < due; i += 1) {
      const p = fn(sent).then(
        (r) => results.push(r),
        (error) => results.push({ status: 0, ms: NaN, error }),
      );
      sent += 1;
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
  }, 10);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { results, seconds: (performance.now() - started) / 1000 };
    },
  };
}
