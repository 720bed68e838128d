import type { Principal } from '../auth/principal';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { seoulDate } from '../common/seoul-date';
import type { AdminBookingDto } from './dto/booking.dto';
import type { AdminWaitlistEntryView } from './waitlist.service';

/**
 * What door staff see of the bookings (docs/decisions/0079-roles.md: "staff: the bookings of today's and upcoming slots
 * … phone numbers masked except the last four digits"). The owner sees bookings whole; the rules below apply to a
 * principal whose site roles do not include `owner` (RolesGuard lets only owner and staff reach these routes).
 */
export const seesPersonalData = (user: Principal): boolean => user.siteRoles.includes('owner');

/**
 * A name with only its first and last characters shown, the rest `*` (`김하늘` → `김*늘`, `이솔` → `이*`,
 * `Kim Haneul` → `K********l`); enough to greet a visitor, not to identify them from the screen.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** A phone number with its last four digits only: `01012345678` → `***-****-5678`. */
export function maskPhone(phone: string): string {
  return `***-****-${phone.replace(/\D/g, '').slice(-4)}`;
}

/** The booking as staff see it: name and phone masked, the email address left out. Erased stays erased (null). */
export function staffView(booking: AdminBookingDto): AdminBookingDto {
  return {
    ...booking,
    name: booking.name === null ? null : maskName(booking.name),
    phone: booking.phone === null ? null : maskPhone(booking.phone),
    email: null,
  };
}

/** A waitlist entry as staff see it: name and phone masked, as a booking's. */
export function staffWaitlistView(entry: AdminWaitlistEntryView): AdminWaitlistEntryView {
  return {
    ...entry,
    name: entry.name === null ? null : maskName(entry.name),
    phone: entry.phone === null ? null : maskPhone(entry.phone),
  };
}

/**
 * Refuses staff a slot that ended before today in Asia/Seoul.
 * @param slotEnd the slot's `enddate`, an ISO 8601 instant.
 * @throws ApiError 403 `messages.staffPastSlot`
 */
export function assertStaffMaySee(slotEnd: string, now: Date): void {
  if (seoulDate(new Date(slotEnd)) < seoulDate(now)) throw new ApiError(403, messages.staffPastSlot);
}
