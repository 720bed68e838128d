import type { JsonResponse, Popup } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/popup/select/:id` (administrator): one popup slot, for the edit form. */
export async function fetchPopup(id: string): Promise<Popup> {
  const { data } = await http.get<JsonResponse<'/api/popup/select/{id}', 'get'>>(
    `/popup/select/${encodeURIComponent(id)}`,
  );
  return data.product;
}
