import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `DELETE /api/popup/delete/:id` (administrator) with `If-Match: "<version>"` of the slot the list showed
 * (docs/decisions/0048-no-silent-overwrite.md): resolves with the server's Korean message; a slot changed since is not
 * deleted and rejects (409) with the server's sentence (as a slot with bookings waiting does).
 */
export async function deletePopup(id: number, version?: number): Promise<string> {
  const { data } = await http.delete<JsonResponse<'/api/popup/delete/{id}', 'delete'>>(`/popup/delete/${id}`, {
    headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
  });
  return data.message;
}
