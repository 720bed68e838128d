import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/analytics/links?days=30`: each link's card clicks over the last 30 days, by link id (clicked ones only). */
export async function fetchLinkClicks(): Promise<Map<number, number>> {
  const { data } = await http.get<JsonResponse<'/api/analytics/links', 'get'>>('/analytics/links', {
    params: { days: 30 },
  });
  return new Map(data.product.map((row) => [row.linkId, row.clicks]));
}
