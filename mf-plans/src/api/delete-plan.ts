import { http, type WriteEnvelope } from '@linksite/platform';

/** `DELETE /api/plan/delete/:id` (administrator): resolves with the server's Korean message. */
export async function deletePlan(id: number): Promise<string> {
  const { data } = await http.delete<WriteEnvelope>(`/plan/delete/${id}`);
  return data.message;
}
