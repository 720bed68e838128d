import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { linkFormData, type LinkFormBody } from './link-form-data';
import { UPLOAD_TIMEOUT_MS } from './upload-timeout';

/**
 * `PUT /api/main/update/:id/with-image` (multipart: the link's fields and the new file `image`): the fields and the
 * new image saved in ONE transaction (issue 16 item 1); a refused image changes nothing. Admin only.
 * → the server's Korean message.
 */
export async function updateLinkWithImage(id: number, input: LinkFormBody, file: File): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/main/update/{id}/with-image', 'put'>>(
    `/main/update/${id}/with-image`,
    linkFormData(input, file),
    { timeout: UPLOAD_TIMEOUT_MS },
  );
  return data.message;
}
