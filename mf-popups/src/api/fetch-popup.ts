import { http, type Popup, type ReadEnvelope } from '@linksite/platform';

/** `GET /api/popup/select/:id` (administrator): one popup slot, for the edit form. */
export async function fetchPopup(id: string): Promise<Popup> {
  const { data } = await http.get<ReadEnvelope<Popup>>(`/popup/select/${encodeURIComponent(id)}`);
  return data.product;
}
