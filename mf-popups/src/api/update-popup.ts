import type { JsonResponse, PopupBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `PUT /api/popup/update/:id` (administrator): resolves with the server's Korean message. The spec's popup edit
 * calls the plan path; DECISIONS D3 calls that a defect, so popups have their own.
 */
export async function updatePopup(id: string, popup: PopupBody): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/popup/update/{id}', 'put'>>(
    `/popup/update/${encodeURIComponent(id)}`,
    popup,
  );
  return data.message;
}
