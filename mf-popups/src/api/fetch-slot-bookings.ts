import type { AdminBooking, JsonResponse, Popup } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/popup/:id/bookings[?q=]` (administrator): the slot with its counts and its bookings. */
export async function fetchSlotBookings(id: string, q: string): Promise<{ slot: Popup; bookings: AdminBooking[] }> {
  const { data } = await http.get<JsonResponse<'/api/popup/{id}/bookings', 'get'>>(
    `/popup/${encodeURIComponent(id)}/bookings`,
    { params: q ? { q } : {} },
  );
  return data.product;
}
