import type { Booking, BookingBody, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { deviceId } from '../lib/device-id';

/**
 * `POST /api/reserve/bookings` (public) with an `Idempotency-Key`: the same key again (a retry after a lost answer)
 * answers the first booking with 200 instead of making a second one. Resolves with the message and the booking.
 * @param queueTicket the admitted ticket of the slot's waiting room (docs/decisions/0074-waiting-room.md), sent as `Queue-Ticket`.
 */
export async function createBooking(
  body: BookingBody,
  idempotencyKey: string,
  queueTicket?: string,
): Promise<{ message: string; booking: Booking }> {
  const { data } = await http.post<JsonResponse<'/api/reserve/bookings', 'post', 201>>('/reserve/bookings', body, {
    headers: {
      'Idempotency-Key': idempotencyKey,
      'Device-Id': deviceId(),
      ...(queueTicket ? { 'Queue-Ticket': queueTicket } : {}),
    },
  });
  return { message: data.message, booking: data.product };
}
