import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `DELETE /api/plan/delete/:id` (administrator): resolves with the server's Korean message. */
export async function deletePlan(id: number): Promise<string> {
  const { data } = await http.delete<JsonResponse<'/api/plan/delete/{id}', 'delete'>>(`/plan/delete/${id}`);
  return data.message;
}
