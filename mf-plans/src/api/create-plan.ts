import type { JsonResponse, PlanBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `POST /api/plan` (administrator): resolves with the server's Korean message. */
export async function createPlan(plan: PlanBody): Promise<string> {
  const { data } = await http.post<JsonResponse<'/api/plan', 'post', 201>>('/plan', plan);
  return data.message;
}
