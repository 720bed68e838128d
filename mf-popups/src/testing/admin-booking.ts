import type { AdminBooking } from '@linksite/contract';

/**
 * A booking as the administrator's API answers it (`AdminBooking`): 김하늘, 2 people, booked, code `ABCD2345` of
 * slot 3, with `fields` over it. For the check-in tests (lib/checkin.test.ts, pages/checkin-page.test.tsx).
 */
export const adminBooking = (fields: Partial<AdminBooking> = {}): AdminBooking => ({
  id: 1,
  code: 'ABCD2345',
  slotId: 3,
  name: '김하늘',
  phone: '01012345678',
  email: null,
  partySize: 2,
  status: 'booked',
  createdAt: '2026-11-20T03:00:00.000Z',
  cancelledAt: null,
  checkedInAt: null,
  noShowAt: null,
  erased: false,
  ...fields,
});
