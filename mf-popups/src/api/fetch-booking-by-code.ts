import type { AdminBooking, JsonResponse, Popup } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `GET /api/popup/bookings/by-code/:code` (administrator, docs/decisions/0081-camera-check-in.md): the booking with
 * that code and its slot, whatever the slot. Rejects with the API's error: 404 `예약을 찾을 수 없습니다.`, 400 for a malformed
 * code.
 */
export async function fetchBookingByCode(code: string): Promise<{ booking: AdminBooking; slot: Popup }> {
  const { data } = await http.get<JsonResponse<'/api/popup/bookings/by-code/{code}', 'get'>>(
    `/popup/bookings/by-code/${encodeURIComponent(code)}`,
  );
  return data.product;
}
