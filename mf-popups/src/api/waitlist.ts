import type { Booking, BookingBody, JsonResponse, WaitlistEntry } from '@linksite/contract';
import { http } from '@linksite/platform';
import { deviceId } from '../lib/device-id';

const headers = () => ({ 'Device-Id': deviceId() });

/**
 * `POST /api/reserve/waitlist` (public, docs/decisions/0075-waitlist.md) with a booking's body and an
 * `Idempotency-Key`: joins the waitlist of a full slot. Resolves with the message and the entry.
 */
export async function joinWaitlist(
  body: BookingBody,
  idempotencyKey: string,
): Promise<{ message: string; entry: WaitlistEntry }> {
  const { data } = await http.post<JsonResponse<'/api/reserve/waitlist', 'post', 201>>('/reserve/waitlist', body, {
    headers: { ...headers(), 'Idempotency-Key': idempotencyKey },
  });
  return { message: data.message, entry: data.product };
}

/** `GET /api/reserve/waitlist/:code?phone4=` (public): the entry, with an offer's hold when there is one. */
export async function fetchWaitlistEntry(code: string, phone4: string): Promise<WaitlistEntry> {
  const { data } = await http.get<JsonResponse<'/api/reserve/waitlist/{code}', 'get'>>(
    `/reserve/waitlist/${encodeURIComponent(code)}`,
    { params: { phone4 }, headers: headers() },
  );
  return data.product;
}

/** `POST /api/reserve/waitlist/:code/accept` (public): takes the offer; resolves with the booking made. */
export async function acceptWaitlistOffer(
  code: string,
  phone4: string,
): Promise<{ message: string; booking: Booking }> {
  const { data } = await http.post<JsonResponse<'/api/reserve/waitlist/{code}/accept', 'post', 201>>(
    `/reserve/waitlist/${encodeURIComponent(code)}/accept`,
    { phone4 },
    { headers: headers() },
  );
  return { message: data.message, booking: data.product };
}

/** `POST /api/reserve/waitlist/:code/leave` (public): leaves the list. */
export async function leaveWaitlist(code: string, phone4: string): Promise<{ message: string; entry: WaitlistEntry }> {
  const { data } = await http.post<JsonResponse<'/api/reserve/waitlist/{code}/leave', 'post'>>(
    `/reserve/waitlist/${encodeURIComponent(code)}/leave`,
    { phone4 },
    { headers: headers() },
  );
  return { message: data.message, entry: data.product };
}
