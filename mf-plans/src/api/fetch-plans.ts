import { http, type Plan, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/plan/list`: every plan with its `status` (DECISIONS D3), for the schedule list. */
export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await http.get<ReadEnvelope<Plan[]>>('/plan/list');
  return data.product;
}
