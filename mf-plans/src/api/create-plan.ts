import { http, type Plan, type PlanInput, type WriteEnvelope } from '@linksite/platform';

/** `POST /api/plan` (administrator): resolves with the server's Korean message. */
export async function createPlan(plan: PlanInput): Promise<string> {
  const { data } = await http.post<WriteEnvelope<Plan>>('/plan', plan);
  return data.message;
}
