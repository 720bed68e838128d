import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** An administrator with entries in the audit trail: `sub` is the `actor` filter's value. */
export type AuditActor = JsonResponse<'/api/audit/actors', 'get'>['product'][number];

/**
 * `GET /api/audit/actors` (administrator; docs/decisions/0082-korean-audit-log.md): everyone who has changed something,
 * by name.
 */
export async function listAuditActors(): Promise<AuditActor[]> {
  const { data } = await http.get<JsonResponse<'/api/audit/actors', 'get'>>('/audit/actors');
  return data.product;
}
