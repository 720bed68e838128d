import { http, type WriteEnvelope } from '@linksite/platform';

/** `DELETE /api/main/delete/:id` → the server's Korean message (the rest are renumbered, DECISIONS D3). Admin only. */
export async function deleteLink(id: number): Promise<string> {
  const { data } = await http.delete<WriteEnvelope>(`/main/delete/${id}`);
  return data.message;
}
