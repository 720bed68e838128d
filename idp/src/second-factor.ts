import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/**
 * The second factor (docs/decisions/0080-people-invites-totp.md): TOTP after RFC 6238 with `otplib` (SHA-1, 6 digits,
 * 30 s steps, as every authenticator app expects), one step of tolerance either side, and single-use recovery codes.
 */

/** Seconds per TOTP time step. */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one (clock drift between phone and server). */
export const TOTP_WINDOW_STEPS = 1;
/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** The name authenticator apps show above the account. */
export const TOTP_ISSUER_LABEL = '링크 & 일정';

/** A new authenticator secret: 20 random bytes, base32 (what the QR code and the text carry). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** `secret` grouped by 4 for typing it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function otpauthUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER_LABEL, label: username, secret });
}

/** The QR code of `text` as an inline `<svg>` element (no image request, so the pages' `default-src 'none'` holds). */
export async function qrCodeSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.replace('<svg ', '<svg role="img" aria-label="QR 코드" ');
}

/**
 * Checks a 6-digit `code` against `secret` now (±{@link TOTP_WINDOW_STEPS} steps), skipping every step up to
 * `lastUsedStep` (a code already accepted is not accepted again). Returns the matching time step, or undefined.
 */
export function matchTotp(secret: string, code: string, lastUsedStep = -1): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  try {
    const result = verifySync({
      secret,
      token,
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
      afterTimeStep: lastUsedStep >= 0 ? lastUsedStep : undefined,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // e.g. lastUsedStep ahead of the window after the clock moved back: nothing matches.
    return undefined;
  }
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, `xxxx-xxxx-xxxx` (12 characters of 32: 60 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 12; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code.replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** Whether typed text looks like a recovery code rather than a TOTP code. */
export function looksLikeRecoveryCode(text: string): boolean {
  return text.replace(/[\s-]/g, '').length === 12;
}

/**
 * What is stored of a recovery code: SHA-256 of the account id and the code as typed without case, spaces or dashes
 * (base64url). A code carries 60 random bits, so a fast hash is enough (as for API tokens).
 */
export function recoveryCodeHash(accountId: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${accountId}:${normalized}`).digest('base64url');
}
