import {
  type ApiProcesses,
  createBurstSlot,
  describeBurst,
  runBookingBurst,
  slotCounts,
  startApiProcesses,
} from '../test/booking-burst';

jest.setTimeout(240_000);

const FULL = '예약이 마감되었습니다. 남은 자리가 없습니다.';
const TABLES_FULL = '예약이 마감되었습니다. 남은 자리는 있지만 예약 가능한 테이블이 모두 찼습니다.';

/**
 * docs/decisions/0030-popup-bookings.md "Burst test": the opening-hour rush on a slot, as two real API processes (OS
 * processes, the API run from its sources) on one PostgreSQL database. 500 bookings at once from 500 distinct phone
 * numbers, alternating between the processes: exactly the capacity is sold, no counter leaves its bounds, every other
 * request gets 409 with the 마감 sentence, and nothing answers 5xx. Once with seats as the limit, once with tables.
 */
describe('500 concurrent bookings over two API processes on one database (docs/decisions/0030-popup-bookings.md)', () => {
  let api: ApiProcesses;
  beforeAll(async () => {
    api = await startApiProcesses([25100, 25101], { RATE_LIMIT_BOOKING_PER_MINUTE: '1000000' });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ['seats', { count: 100, table: 500 }, '0107100', FULL],
    ['tables', { count: 1000, table: 100 }, '0107200', TABLES_FULL],
  ])(
    '100 %s: exactly 100 bookings, 400 answers 409 마감 saying why, no 5xx',
    async (limit, capacity, phonePrefix, full) => {
      const slotId = await createBurstSlot(api.urls[0]!, await api.bearer(), capacity);
      const result = await runBookingBurst({ urls: api.urls, slotId, requests: 500, phonePrefix });
      process.stdout.write(`\n${describeBurst(`burst, ${limit} binding`, result)}\n`);

      expect(result.statuses).toEqual({ 201: 100, 409: 400 });
      expect(result.answers.filter((a) => a.status === 409).every((a) => a.message === full)).toBe(true);
      expect(result.answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(result.perProcess.every((served) => served > 0)).toBe(true);
      // Both processes sold seats: the capacity held across processes, not within one.
      const soldBy = [0, 1].map((p) => result.answers.filter((a) => a.process === p && a.status === 201).length);
      expect(soldBy.every((sold) => sold > 0)).toBe(true);

      const counts = await slotCounts(api.databaseUrl, slotId);
      expect(counts).toMatchObject({
        booked_people: 100,
        booked_tables: 100,
        active_people: 100,
        active_bookings: 100,
      });
      expect(counts.booked_people).toBeLessThanOrEqual(counts.head_count);
      expect(counts.booked_tables).toBeLessThanOrEqual(counts.bookable_tables);
      expect(counts.booked_people).toBeGreaterThanOrEqual(0);
      expect(counts.booked_tables).toBeGreaterThanOrEqual(0);
    },
  );
});
