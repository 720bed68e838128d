/**
 * Repeats `attempt` every 50 ms until it returns true, for at most `timeoutMs`; resolves with the seconds it took.
 * For outcomes that arrive on their own time (a rebuild, a release, a configuration change), measured, never slept on.
 * @throws Error when `attempt` never returned true within `timeoutMs`
 */
export async function secondsUntil(attempt: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (!(await attempt())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a polling interval, not a wait for an outcome
  }
  return (Date.now() - started) / 1000;
}
