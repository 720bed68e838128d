import { http, type ReadEnvelope, type TagWord } from '@linksite/platform';

/** `GET /api/tag/list`: the top tags with the number of links carrying each (DECISIONS D3). */
export async function fetchTagList(): Promise<TagWord[]> {
  const { data } = await http.get<ReadEnvelope<TagWord[]>>('/tag/list');
  return data.product;
}
