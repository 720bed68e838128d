import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/**
 * One account (docs/decisions/0080-people-invites-totp.md): name, username, role, status (active, invited, disabled),
 * TOTP.
 */
export type Person = JsonResponse<'/api/people', 'get'>['product'][number];
export type PersonRole = Person['role'];

/** The people of the site, or, in Keycloak mode, where Keycloak's own user management is. */
export type PeopleAnswer =
  { kind: 'embedded'; people: Person[] } | { kind: 'keycloak'; message: string; consoleUrl: string };

/**
 * `GET /api/people` (owner only). A 409 with `product.consoleUrl` is Keycloak mode: the answer says so instead of
 * failing. Rejects with the server's Korean message otherwise.
 */
export async function listPeople(): Promise<PeopleAnswer> {
  const { status, data } = await http.get<
    JsonResponse<'/api/people', 'get'> | { message: string; product?: { consoleUrl?: string } }
  >('/people', { validateStatus: (code) => code === 200 || code === 409 });
  if (status === 409) {
    const conflict = data as { message: string; product?: { consoleUrl?: string } };
    if (conflict.product?.consoleUrl) {
      return { kind: 'keycloak', message: conflict.message, consoleUrl: conflict.product.consoleUrl };
    }
    throw new Error(conflict.message);
  }
  return { kind: 'embedded', people: (data as JsonResponse<'/api/people', 'get'>).product };
}
