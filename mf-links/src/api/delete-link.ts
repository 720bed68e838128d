import type { JsonResponse, LinkConflictBody } from '@linksite/contract';
import { http } from '@linksite/platform';
import { acceptConflict } from './save-result';

/**
 * `DELETE /api/main/delete/:id` with `If-Match: "<version>"` of the row the list showed
 * (docs/decisions/0048-no-silent-overwrite.md) → the server's Korean message (the rest are renumbered,
 * docs/decisions/0003-api-calls.md). Admin only. A 409 (another administrator changed the link since the list loaded;
 * nothing deleted) is an answer: `conflict` true with the server's message. Other failures reject as ApiError.
 */
export async function deleteLink(id: number, version: number): Promise<{ conflict: boolean; message: string }> {
  const response = await http.delete<JsonResponse<'/api/main/delete/{id}', 'delete'> | LinkConflictBody>(
    `/main/delete/${id}`,
    { headers: { 'If-Match': `"${version}"` }, validateStatus: acceptConflict },
  );
  return { conflict: response.status === 409, message: response.data.message };
}
