import { http, type Popup, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/popup/list` (administrator): every popup reservation slot. */
export async function fetchPopups(): Promise<Popup[]> {
  const { data } = await http.get<ReadEnvelope<Popup[]>>('/popup/list');
  return data.product;
}
