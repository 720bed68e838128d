import type { AdminWaitlistEntry, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * `GET /api/popup/:id/waitlist` (owner, staff): the slot's waitlist, waiting and offered first
 * (docs/decisions/0075-waitlist.md).
 */
export async function fetchSlotWaitlist(id: string): Promise<AdminWaitlistEntry[]> {
  const { data } = await http.get<JsonResponse<'/api/popup/{id}/waitlist', 'get'>>(
    `/popup/${encodeURIComponent(id)}/waitlist`,
  );
  return data.product;
}

/** `POST /api/popup/waitlist/:id/remove` (owner, staff): takes an entry off the list; a held offer passes on. */
export async function removeFromWaitlist(entryId: number): Promise<string> {
  const { data } = await http.post<JsonResponse<'/api/popup/waitlist/{id}/remove', 'post'>>(
    `/popup/waitlist/${entryId}/remove`,
    {},
  );
  return data.message;
}
