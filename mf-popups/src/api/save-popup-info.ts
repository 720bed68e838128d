import type { JsonResponse, PopupInfoBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `PUT /api/popup/info` (administrator): the popup's public title, place and notice; resolves with the message. */
export async function savePopupInfo(info: PopupInfoBody): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/popup/info', 'put'>>('/popup/info', info);
  return data.message;
}
