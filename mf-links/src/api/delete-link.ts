import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `DELETE /api/main/delete/:id` → the server's Korean message (the rest are renumbered, DECISIONS D3). Admin only. */
export async function deleteLink(id: number): Promise<string> {
  const { data } = await http.delete<JsonResponse<'/api/main/delete/{id}', 'delete'>>(`/main/delete/${id}`);
  return data.message;
}
