import type { JsonResponse, LinkConflictBody, UpdateLinkBody } from '@linksite/contract';
import { http } from '@linksite/platform';
import { acceptConflict, type SaveResult } from './save-result';

type UpdateAnswer = JsonResponse<'/api/main/update/{id}', 'put'> | LinkConflictBody;

/**
 * `PUT /api/main/update/:id` with the `version` the form loaded (docs/decisions/0048-no-silent-overwrite.md). Admin
 * only. A 409 (another administrator saved first) is an answer, not a failure: it carries the stored link. Other
 * failures reject as ApiError.
 */
export async function updateLink(id: number, input: UpdateLinkBody, version: number): Promise<SaveResult> {
  const response = await http.put<UpdateAnswer>(
    `/main/update/${id}`,
    { ...input, version },
    { validateStatus: acceptConflict },
  );
  const { message, product } = response.data;
  return { conflict: response.status === 409, message, product };
}
