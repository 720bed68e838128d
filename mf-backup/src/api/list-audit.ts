import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** One page of `GET /api/audit`: entries newest first and `next`, the `before` of the older page (null: last). */
export type AuditPage = JsonResponse<'/api/audit', 'get'>;
export type AuditEntry = AuditPage['product'][number];

/** `GET /api/audit?limit=&before=` (administrator; issue 15 item 7). Rejects with the server's Korean message. */
export async function listAudit(before: number | null, limit = 20): Promise<AuditPage> {
  const { data } = await http.get<AuditPage>('/audit', { params: { limit, ...(before ? { before } : {}) } });
  return data;
}
