import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { UPLOAD_TIMEOUT_MS } from './upload-timeout';

/** `POST /api/image` multipart `image` + `id`: the image of a link just created (spec §4, DECISIONS D3). */
export async function uploadLinkImage(id: number, file: File): Promise<string> {
  const form = new FormData();
  // `id` first: a server that streams the file can know the link before the bytes arrive.
  form.append('id', String(id));
  form.append('image', file, file.name);
  const { data } = await http.post<JsonResponse<'/api/image', 'post', 201>>('/image', form, {
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return data.message;
}
