import { createHash, randomBytes } from 'node:crypto';

/** A token in an invitation link: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of an invitation token (or of the invitation page's cookie nonce): SHA-256, base64url. */
export function secretHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The link a person opens: `<issuer>/invite/<token>`. */
export function invitationUrl(issuer: string, token: string): string {
  return `${issuer}/invite/${token}`;
}

/** The shape of a token in a path (anything else is not one of ours). */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
