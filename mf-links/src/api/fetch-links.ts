import { http, type Link, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/store`: every link, ordered by `pcode` (DECISIONS D3). */
export async function fetchLinks(): Promise<Link[]> {
  const { data } = await http.get<ReadEnvelope<Link[]>>('/store');
  return data.product;
}
