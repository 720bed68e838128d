/**
 * A clock a test moves (docs/decisions/0087-lockout-no-stranger-holds.md: minutes of guessing played without waiting
 * for them), loaded into the provider with `node --import` by test-support/idp-process.ts
 * `startIdp(…, { fakeClock: true })`: `Date.now()` is the real time plus an offset that each `{ advanceClockMs }`
 * message from the parent (IPC) adds to; every message is acknowledged with `{ clockAdvancedMs }`, the whole offset.
 * Everything that reads `Date.now()` (the login limits, the library's expiry times, the store) moves together.
 */
const realNow = Date.now.bind(Date);
let offsetMs = 0;
Date.now = () => realNow() + offsetMs;
process.on('message', (message) => {
  if (typeof message?.advanceClockMs !== 'number') return;
  offsetMs += message.advanceClockMs;
  process.send?.({ clockAdvancedMs: offsetMs });
});
