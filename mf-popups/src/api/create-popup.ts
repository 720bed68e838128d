import { http, type Popup, type PopupInput, type WriteEnvelope } from '@linksite/platform';

/** `POST /api/popup` (administrator): resolves with the server's Korean message. */
export async function createPopup(popup: PopupInput): Promise<string> {
  const { data } = await http.post<WriteEnvelope<Popup>>('/popup', popup);
  return data.message;
}
