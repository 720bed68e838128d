import type { JsonResponse, Plan } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/plan/list`: every plan with its `status` (docs/decisions/0003-api-calls.md), for the schedule list. */
export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await http.get<JsonResponse<'/api/plan/list', 'get'>>('/plan/list');
  return data.product;
}
