import type { JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/store`: every link, ordered by `pcode` (DECISIONS D3). */
export async function fetchStore(): Promise<Link[]> {
  const { data } = await http.get<JsonResponse<'/api/store', 'get'>>('/store');
  return data.product;
}
