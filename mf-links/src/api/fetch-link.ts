import { http, type Link, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/main/select/:id`: one link (DECISIONS D3). */
export async function fetchLink(id: string | number): Promise<Link> {
  const { data } = await http.get<ReadEnvelope<Link>>(`/main/select/${encodeURIComponent(String(id))}`);
  return data.product;
}
