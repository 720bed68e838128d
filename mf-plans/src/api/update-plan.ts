import type { JsonResponse, PlanBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `PUT /api/plan/update/:id` (administrator): resolves with the server's Korean message. */
export async function updatePlan(id: string, plan: PlanBody): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/plan/update/{id}', 'put'>>(
    `/plan/update/${encodeURIComponent(id)}`,
    plan,
  );
  return data.message;
}
