import type { JsonResponse, Plan } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/plan/select/:id`: one plan (title, startdate, enddate), for the edit form. */
export async function fetchPlan(id: string): Promise<Plan> {
  const { data } = await http.get<JsonResponse<'/api/plan/select/{id}', 'get'>>(
    `/plan/select/${encodeURIComponent(id)}`,
  );
  return data.product;
}
