import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `DELETE /api/plan/delete/:id` (administrator) with `If-Match: "<version>"` of the plan the list showed
 * (docs/decisions/0048-no-silent-overwrite.md): resolves with the server's Korean message; a plan changed since is not
 * deleted and rejects (409) with the server's sentence.
 */
export async function deletePlan(id: number, version?: number): Promise<string> {
  const { data } = await http.delete<JsonResponse<'/api/plan/delete/{id}', 'delete'>>(`/plan/delete/${id}`, {
    headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
  });
  return data.message;
}
