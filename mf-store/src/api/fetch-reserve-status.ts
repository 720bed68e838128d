import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/reserve/status` (public): whether any popup slot takes bookings now (issue 13). */
export async function fetchReserveStatus(): Promise<boolean> {
  const { data } = await http.get<JsonResponse<'/api/reserve/status', 'get'>>('/reserve/status');
  return data.product.open;
}
