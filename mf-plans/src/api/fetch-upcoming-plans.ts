import type { JsonResponse, Plan } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** `GET /api/plan/list?upcoming=1`: plans ending today or later, by start date (docs/decisions/0003-api-calls.md). */
export async function fetchUpcomingPlans(): Promise<Plan[]> {
  const { product } = await getPublic<JsonResponse<'/api/plan/list', 'get'>>('/plan/list', { upcoming: 1 });
  return product;
}
