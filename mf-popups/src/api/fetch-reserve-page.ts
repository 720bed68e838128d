import type { JsonResponse, ReservePage } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/reserve` (public): the popup's information and the slots that have not ended, with what is left. */
export async function fetchReservePage(): Promise<ReservePage> {
  const { data } = await http.get<JsonResponse<'/api/reserve', 'get'>>('/reserve');
  return data.product;
}
