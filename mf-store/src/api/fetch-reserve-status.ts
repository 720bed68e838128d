import type { JsonResponse } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/**
 * `GET /api/reserve/status` (public): whether any popup slot takes bookings now
 * (docs/decisions/0030-popup-bookings.md).
 */
export async function fetchReserveStatus(): Promise<boolean> {
  const { product } = await getPublic<JsonResponse<'/api/reserve/status', 'get'>>('/reserve/status');
  return product.open;
}
