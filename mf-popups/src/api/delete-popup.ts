import { http, type WriteEnvelope } from '@linksite/platform';

/** `DELETE /api/popup/delete/:id` (administrator): resolves with the server's Korean message. */
export async function deletePopup(id: number): Promise<string> {
  const { data } = await http.delete<WriteEnvelope>(`/popup/delete/${id}`);
  return data.message;
}
