import type { JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';
import { linkFormData, type LinkFormBody } from './link-form-data';
import { UPLOAD_TIMEOUT_MS } from './upload-timeout';

/**
 * `POST /api/store/create/with-image` (multipart: the link's fields and the file `image`): the link and its image
 * saved in ONE transaction (docs/decisions/0051-nothing-half-saved.md), so a refused image (413, 415, 422) saves
 * nothing. Admin only. → the server's Korean message and the new link.
 */
export async function createLinkWithImage(
  input: LinkFormBody,
  file: File,
): Promise<{ message: string; product: Link }> {
  const { data } = await http.post<JsonResponse<'/api/store/create/with-image', 'post', 201>>(
    '/store/create/with-image',
    linkFormData(input, file),
    { timeout: UPLOAD_TIMEOUT_MS },
  );
  return data;
}
