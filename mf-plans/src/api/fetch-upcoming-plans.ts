import { http, type Plan, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/plan/list?upcoming=1`: plans ending today or later, by start date (DECISIONS D3). */
export async function fetchUpcomingPlans(): Promise<Plan[]> {
  const { data } = await http.get<ReadEnvelope<Plan[]>>('/plan/list', { params: { upcoming: 1 } });
  return data.product;
}
