import type { JsonResponse, TagWord } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** `GET /api/tag/list`: the top tags with the number of links carrying each (docs/decisions/0003-api-calls.md). */
export async function fetchTagList(): Promise<TagWord[]> {
  const { product } = await getPublic<JsonResponse<'/api/tag/list', 'get'>>('/tag/list');
  return product;
}
