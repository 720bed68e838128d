import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import type { PersonInvitation } from './invite-person';

/**
 * `POST /api/people/:id/invitations` (owner only): a new one-time link with which the person sets a new password
 * (새 초대 링크, the password reset). Rejects with the server's Korean message.
 */
export async function reinvitePerson(id: string): Promise<{ message: string; product: PersonInvitation }> {
  const { data } = await http.post<JsonResponse<'/api/people/{id}/invitations', 'post', 201>>(
    `/people/${encodeURIComponent(id)}/invitations`,
  );
  return data;
}
