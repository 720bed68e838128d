import type { JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `PUT /api/main/update/:id` with `{ enabled }` alone: the list's one-click 공개하기 / 숨기기
 * (docs/decisions/0026-creator-features.md).
 */
export async function setLinkEnabled(id: number, enabled: boolean): Promise<Link> {
  const { data } = await http.put<JsonResponse<'/api/main/update/{id}', 'put'>>(`/main/update/${id}`, { enabled });
  return data.product;
}
