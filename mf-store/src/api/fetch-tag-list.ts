import type { JsonResponse, TagWord } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/tag/list`: the top tags with the number of links carrying each (DECISIONS D3). */
export async function fetchTagList(): Promise<TagWord[]> {
  const { data } = await http.get<JsonResponse<'/api/tag/list', 'get'>>('/tag/list');
  return data.product;
}
