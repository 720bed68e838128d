import type { AnalyticsSummary, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** The periods the report offers, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** `GET /api/analytics/summary?days=…`: views, visitors and clicks per day and their breakdowns (administrator). */
export async function fetchAnalyticsSummary(days: Period): Promise<AnalyticsSummary> {
  const { data } = await http.get<JsonResponse<'/api/analytics/summary', 'get'>>('/analytics/summary', {
    params: { days },
  });
  return data.product;
}
