import type { Booking, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { deviceId } from '../lib/device-id';

/** `POST /api/reserve/bookings/:code/cancel` (public) with the last four digits of the phone number. */
export async function cancelBooking(code: string, phone4: string): Promise<{ message: string; booking: Booking }> {
  const { data } = await http.post<JsonResponse<'/api/reserve/bookings/{code}/cancel', 'post'>>(
    `/reserve/bookings/${encodeURIComponent(code)}/cancel`,
    { phone4 },
    { headers: { 'Device-Id': deviceId() } },
  );
  return { message: data.message, booking: data.product };
}
