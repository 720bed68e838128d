import { createHash } from 'node:crypto';
import { normalizePhone } from '../bookings/booking-rules';

/**
 * The header a booking page sends with every booking request: a random id it keeps in the browser's storage
 * (16–64 of A–Z a–z 0–9 - _). It names a device, not a person, and is kept nowhere but in the rate limit's counters.
 */
export const DEVICE_ID_HEADER = 'device-id';

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The request as the throttler hands it over (Express's, typed loosely by @nestjs/throttler). */
type TrackedRequest = Record<string, unknown>;

const headerOf = (req: TrackedRequest, name: string): unknown =>
  (req.headers as Record<string, unknown> | undefined)?.[name];

/** The client address as Express sees it through the trusted proxies (TRUST_PROXY). */
export const addressTracker = (req: TrackedRequest): string => `ip:${typeof req.ip === 'string' ? req.ip : ''}`;

/**
 * Whom the per-visitor booking budget counts (docs/decisions/0074-waiting-room.md): the device, when the request names
 * one; else the address. Phones behind one carrier NAT share an address, not a budget. A script that invents ids is
 * held by the per-address ceiling ({@link addressTracker}, RATE_LIMIT_BOOKING_ADDRESS_PER_MINUTE).
 */
export function deviceTracker(req: TrackedRequest): string {
  const id = headerOf(req, DEVICE_ID_HEADER);
  return typeof id === 'string' && DEVICE_ID.test(id) ? `device:${id}` : addressTracker(req);
}

/** The phone number a booking body names, normalized (`010xxxxxxxx`), or null for none or an invalid one. */
export function bookingPhone(req: TrackedRequest): string | null {
  const body = req.body as { phone?: unknown } | undefined;
  return normalizePhone(body?.phone);
}

/** The per-phone budget's key: a hash, so the counters (in Redis with REDIS_URL) hold no phone number. */
export const phoneTracker = (req: TrackedRequest): string =>
  `phone:${createHash('sha256')
    .update(bookingPhone(req) ?? '')
    .digest('base64url')}`;
