import type { Request } from 'express';
import type { Principal } from './principal';

/** A request that passed AccessTokenGuard: `user` is the verified principal. */
export interface AuthenticatedRequest extends Request {
  user?: Principal;
}

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive, RFC 6750 §2.1), or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}
