import { http, type Cover, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/cover`: the current cover image, or null when none was uploaded (DECISIONS D3). */
export async function fetchCover(): Promise<Cover | null> {
  const { data } = await http.get<ReadEnvelope<Cover | null>>('/cover');
  return data.product;
}
