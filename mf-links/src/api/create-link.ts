import type { CreateLinkBody, JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `POST /api/store/create` → the server's Korean message and the new link (with its `id`). Admin only. */
export async function createLink(input: CreateLinkBody): Promise<{ message: string; product: Link }> {
  const { data } = await http.post<JsonResponse<'/api/store/create', 'post', 201>>('/store/create', input);
  return data;
}
