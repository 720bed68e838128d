import type { JsonResponse, Link } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** `GET /api/store`: every link, ordered by `pcode` (DECISIONS D3). */
export async function fetchStore(): Promise<Link[]> {
  const { product } = await getPublic<JsonResponse<'/api/store', 'get'>>('/store');
  return product;
}
