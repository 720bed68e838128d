import type { JsonResponse, Plan } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/plan/list?upcoming=1`: plans ending today or later, by start date (DECISIONS D3). */
export async function fetchUpcomingPlans(): Promise<Plan[]> {
  const { data } = await http.get<JsonResponse<'/api/plan/list', 'get'>>('/plan/list', { params: { upcoming: 1 } });
  return data.product;
}
