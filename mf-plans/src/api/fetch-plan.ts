import { http, type Plan, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/plan/select/:id`: one plan (title, startdate, enddate), for the edit form. */
export async function fetchPlan(id: string): Promise<Plan> {
  const { data } = await http.get<ReadEnvelope<Plan>>(`/plan/select/${encodeURIComponent(id)}`);
  return data.product;
}
