import type { JsonResponse, PopupBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `POST /api/popup` (administrator): resolves with the server's Korean message. */
export async function createPopup(popup: PopupBody): Promise<string> {
  const { data } = await http.post<JsonResponse<'/api/popup', 'post', 201>>('/popup', popup);
  return data.message;
}
