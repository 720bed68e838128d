import type { JsonResponse, UpdateLinkBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `PUT /api/main/update/:id` → the server's Korean message. Admin only. */
export async function updateLink(id: number, input: UpdateLinkBody): Promise<string> {
  const { data } = await http.put<JsonResponse<'/api/main/update/{id}', 'put'>>(`/main/update/${id}`, input);
  return data.message;
}
