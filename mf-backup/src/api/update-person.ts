import type { JsonRequest, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import type { Person } from './list-people';

/** `{ role }` to change the role, `{ disabled: true }` 사용 중지, `{ disabled: false }` 다시 사용. */
export type PersonChange = JsonRequest<'/api/people/{id}', 'patch'>;

/**
 * `PATCH /api/people/:id` (owner only). Rejects with the server's Korean message (409: the last active owner).
 */
export async function updatePerson(id: string, change: PersonChange): Promise<{ message: string; product: Person }> {
  // The shared client has no `patch` shorthand (platform's HttpClient): the generic request.
  const { data } = await http.request<JsonResponse<'/api/people/{id}', 'patch'>>({
    method: 'PATCH',
    url: `/people/${encodeURIComponent(id)}`,
    data: change,
  });
  return data;
}
