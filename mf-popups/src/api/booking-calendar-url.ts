import { resolveApiUrl } from '@linksite/platform';

/**
 * `GET /api/reserve/bookings/:code/calendar.ics?phone4=` (public): the address of the booking's iCalendar file
 * (docs/decisions/0076-calendar-and-reminders.md), for a plain download link (the API answers it as an attachment,
 * `booking-<code>.ics`).
 */
export function bookingCalendarUrl(code: string, phone4: string): string {
  const query = new URLSearchParams({ phone4 });
  return resolveApiUrl(`/api/reserve/bookings/${encodeURIComponent(code)}/calendar.ics?${query.toString()}`);
}
