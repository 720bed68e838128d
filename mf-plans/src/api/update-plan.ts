import { http, type Plan, type PlanInput, type WriteEnvelope } from '@linksite/platform';

/** `PUT /api/plan/update/:id` (administrator): resolves with the server's Korean message. */
export async function updatePlan(id: string, plan: PlanInput): Promise<string> {
  const { data } = await http.put<WriteEnvelope<Plan>>(`/plan/update/${encodeURIComponent(id)}`, plan);
  return data.message;
}
