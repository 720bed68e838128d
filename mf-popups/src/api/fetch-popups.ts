import type { JsonResponse, Popup } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/popup/list` (administrator): every popup reservation slot. */
export async function fetchPopups(): Promise<Popup[]> {
  const { data } = await http.get<JsonResponse<'/api/popup/list', 'get'>>('/popup/list');
  return data.product;
}
