import type { JsonResponse, QueueTicket } from '@linksite/contract';
import { http } from '@linksite/platform';
import { deviceId } from '../lib/device-id';

/** `POST /api/reserve/queue` (public): a place in the slot's waiting room, admitted at once when there is room. */
export async function joinQueue(slotId: number): Promise<QueueTicket> {
  const { data } = await http.post<JsonResponse<'/api/reserve/queue', 'post', 201>>(
    '/reserve/queue',
    { slotId },
    { headers: { 'Device-Id': deviceId() } },
  );
  return data.product;
}

/** `GET /api/reserve/queue/:ticket` (public): where the ticket stands now; asking keeps the place. */
export async function fetchQueueTicket(ticket: string): Promise<QueueTicket> {
  const { data } = await http.get<JsonResponse<'/api/reserve/queue/{ticket}', 'get'>>(
    `/reserve/queue/${encodeURIComponent(ticket)}`,
    { headers: { 'Device-Id': deviceId() } },
  );
  return data.product;
}
