import type { JsonResponse, Link } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** `GET /api/store`: every link, ordered by `pcode` (docs/decisions/0003-api-calls.md). */
export async function fetchStore(): Promise<Link[]> {
  const { product } = await getPublic<JsonResponse<'/api/store', 'get'>>('/store');
  return product;
}
