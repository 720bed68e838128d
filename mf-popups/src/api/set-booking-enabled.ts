import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `PUT /api/popup/:id/booking-enabled` (administrator): opens or closes booking by hand; resolves with the message. */
export async function setBookingEnabled(id: number, enabled: boolean): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/popup/{id}/booking-enabled', 'put'>>(
    `/popup/${id}/booking-enabled`,
    { enabled },
  );
  return data.message;
}
