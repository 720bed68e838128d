import type { JsonResponse, LinkConflictBody } from '@linksite/contract';
import { http } from '@linksite/platform';
import { linkFormData, type LinkFormBody } from './link-form-data';
import { acceptConflict, type SaveResult } from './save-result';
import { UPLOAD_TIMEOUT_MS } from './upload-timeout';

type UpdateAnswer = JsonResponse<'/api/main/update/{id}/with-image', 'put'> | LinkConflictBody;

/**
 * `PUT /api/main/update/:id/with-image` (multipart: the link's fields, the `version` the form loaded and the new file
 * `image`): the fields and the new image saved in ONE transaction (docs/decisions/0051-nothing-half-saved.md); a
 * refused image changes nothing. Admin only. A stale version is a 409 answer carrying the stored link
 * (docs/decisions/0048-no-silent-overwrite.md), nothing stored.
 */
export async function updateLinkWithImage(
  id: number,
  input: LinkFormBody,
  file: File,
  version: number,
): Promise<SaveResult> {
  const response = await http.put<UpdateAnswer>(
    `/main/update/${id}/with-image`,
    linkFormData({ ...input, version }, file),
    { timeout: UPLOAD_TIMEOUT_MS, validateStatus: acceptConflict },
  );
  const { message, product } = response.data;
  return { conflict: response.status === 409, message, product };
}
