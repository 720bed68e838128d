import { http, type Popup, type PopupInput, type WriteEnvelope } from '@linksite/platform';

/**
 * `PUT /api/popup/update/:id` (administrator): resolves with the server's Korean message. The spec's popup edit
 * calls the plan path; DECISIONS D3 calls that a defect, so popups have their own.
 */
export async function updatePopup(id: string, popup: PopupInput): Promise<string> {
  const { data } = await http.put<WriteEnvelope<Popup>>(`/popup/update/${encodeURIComponent(id)}`, popup);
  return data.message;
}
