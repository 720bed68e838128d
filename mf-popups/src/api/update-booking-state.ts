import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** What the administrator does to a booking. */
export type BookingAction = 'check-in' | 'no-show' | 'cancel';

/** `POST /api/popup/bookings/:id/(check-in|no-show|cancel)` (administrator): resolves with the server's message. */
export async function updateBookingState(id: number, action: BookingAction): Promise<string> {
  const { data } = await http.post<JsonResponse<'/api/popup/bookings/{id}/check-in', 'post'>>(
    `/popup/bookings/${id}/${action}`,
  );
  return data.message;
}
