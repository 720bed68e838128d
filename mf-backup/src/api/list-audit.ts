import type { JsonResponse, operations } from '@linksite/contract';
import { http } from '@linksite/platform';

/** One page of `GET /api/audit`: entries newest first and `next`, the `before` of the older page (null: last). */
export type AuditPage = JsonResponse<'/api/audit', 'get'>;
export type AuditEntry = AuditPage['product'][number];
export type AuditChange = AuditEntry['changes'][number];

/**
 * The filters of the 변경 기록 screen (docs/decisions/0082-korean-audit-log.md): one person, one subject, Seoul days
 * `YYYY-MM-DD` (both included).
 */
export type AuditFilters = Pick<
  NonNullable<operations['AuditController_list']['parameters']['query']>,
  'actor' | 'entity' | 'from' | 'to'
>;
export type AuditSubject = NonNullable<AuditFilters['entity']>;

/**
 * `GET /api/audit?limit=&before=&actor=&entity=&from=&to=` (administrator; docs/decisions/0047-logs-metrics-audit.md,
 * filters docs/decisions/0082-korean-audit-log.md). Filters left empty are not sent. Rejects with the server's Korean
 * message.
 */
export async function listAudit(before: number | null, filters: AuditFilters = {}, limit = 20): Promise<AuditPage> {
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  const { data } = await http.get<AuditPage>('/audit', { params: { limit, ...(before ? { before } : {}), ...chosen } });
  return data;
}
