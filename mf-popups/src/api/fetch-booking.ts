import type { Booking, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { deviceId } from '../lib/device-id';

/** `GET /api/reserve/bookings/:code?phone4=` (public): the booking with this code and phone suffix. */
export async function fetchBooking(code: string, phone4: string): Promise<Booking> {
  const { data } = await http.get<JsonResponse<'/api/reserve/bookings/{code}', 'get'>>(
    `/reserve/bookings/${encodeURIComponent(code)}`,
    { params: { phone4 }, headers: { 'Device-Id': deviceId() } },
  );
  return data.product;
}
