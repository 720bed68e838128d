import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `DELETE /api/popup/delete/:id` (administrator): resolves with the server's Korean message. */
export async function deletePopup(id: number): Promise<string> {
  const { data } = await http.delete<JsonResponse<'/api/popup/delete/{id}', 'delete'>>(`/popup/delete/${id}`);
  return data.message;
}
