/**
 * `node bench/booking-burst.mjs`: booking throughput and latency during an opening-hour burst
 * (docs/decisions/0030-popup-bookings.md), printed, never asserted.
 *
 * Starts two real API processes (api/src compiled on the fly by swc) on one fresh PostgreSQL database created on the
 * server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, creates a slot
 * of 100 seats as the administrator, and sends 500 booking requests at once from 500 distinct phone numbers,
 * alternating between the processes. A first burst on another slot warms both processes up; the second is measured.
 * Prints accepted / refused, latency p50 and p99, wall time and requests per second, and the counts PostgreSQL holds.
 *
 *   node bench/booking-burst.mjs [--requests 500] [--seats 100]
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../build/register-swc.js');
const {
  startApiProcesses,
  createBurstSlot,
  runBookingBurst,
  slotCounts,
  describeBurst,
} = require('../api/src/test/booking-burst.ts');

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = arg('requests', 500);
const SEATS = arg('seats', 100);

const api = await startApiProcesses([25102, 25103], { RATE_LIMIT_BOOKING_PER_MINUTE: '1000000' });
try {
  const bearer = await api.bearer();
  const warm = await createBurstSlot(api.urls[0], bearer, { count: SEATS, table: REQUESTS });
  await runBookingBurst({ urls: api.urls, slotId: warm, requests: REQUESTS, phonePrefix: '0107300' });

  const slotId = await createBurstSlot(api.urls[0], bearer, { count: SEATS, table: REQUESTS });
  const result = await runBookingBurst({ urls: api.urls, slotId, requests: REQUESTS, phonePrefix: '0107400' });
  console.log(describeBurst(`booking burst (${SEATS} seats)`, result));
  const counts = await slotCounts(api.databaseUrl, slotId);
  console.log(
    `PostgreSQL: ${counts.active_bookings} bookings, booked_people ${counts.booked_people}/${counts.head_count}, ` +
      `booked_tables ${counts.booked_tables}/${counts.bookable_tables}; 5xx answers: ${result.answers.filter((a) => a.status >= 500).length}`,
  );
} finally {
  await api.close();
}
