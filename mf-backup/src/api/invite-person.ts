import type { JsonRequest, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** The invite form's values: 이름, 아이디, 이메일 (optional), 역할. */
export type InvitationInput = JsonRequest<'/api/people/invitations', 'post'>;
/** The invited person and their one-time link (`url`, `expiresAt`). */
export type PersonInvitation = JsonResponse<'/api/people/invitations', 'post', 201>['product'];

/** `POST /api/people/invitations` (owner only). Rejects with the server's Korean message (400, 409 username taken). */
export async function invitePerson(input: InvitationInput): Promise<{ message: string; product: PersonInvitation }> {
  const { data } = await http.post<JsonResponse<'/api/people/invitations', 'post', 201>>('/people/invitations', input);
  return data;
}
