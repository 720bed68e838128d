import type { JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/main/detail/:id` (administrator): one link whatever its visibility, for the edit form. */
export async function fetchLink(id: string | number): Promise<Link> {
  const { data } = await http.get<JsonResponse<'/api/main/detail/{id}', 'get'>>(
    `/main/detail/${encodeURIComponent(String(id))}`,
  );
  return data.product;
}
