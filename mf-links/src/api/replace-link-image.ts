import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { UPLOAD_TIMEOUT_MS } from './upload-timeout';

/** `PUT /api/image/:id` multipart `image`: replaces link `id`'s image (spec §7, DECISIONS D3). */
export async function replaceLinkImage(id: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const { data } = await http.put<JsonResponse<'/api/image/{id}', 'put'>>(`/image/${id}`, form, {
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return data.message;
}
