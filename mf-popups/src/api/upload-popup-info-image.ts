import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `POST /api/popup/info/image` (administrator), multipart `image`: resolves with the server's message. */
export async function uploadPopupInfoImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await http.post<JsonResponse<'/api/popup/info/image', 'post', 201>>('/popup/info/image', form, {
    timeout: 120_000,
  });
  return data.message;
}
