import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the device cookie. */
export const DEVICE_COOKIE = 'idp_device';
/** Lifetime of a device cookie (seconds): a year, renewed by every sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Only the sign-in form's POST (`/interaction/:uid/login`) reads it, so only that path is sent it. */
const COOKIE_PATH = '/interaction/';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Device cookies after OWASP's "Slow Down Online Guessing Attacks with Device Cookies"
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies;
 * docs/decisions/0087-lockout-no-stranger-holds.md): a browser that signs in to an account is given a cookie that
 * proves it did; the login limits then judge that browser by its own failures only (login-limiter.ts), so a stranger's
 * failures elsewhere never lock it out.
 *
 * Value `NONCE.EXPIRY.MAC`: NONCE 16 random bytes (base64url), EXPIRY epoch seconds, MAC = HMAC-SHA256 over
 * `account|NONCE|EXPIRY` (base64url). The account is inside the MAC but not in the value, so the cookie names no one
 * and is valid for the account it was issued for only (OWASP: "LOGIN matches the user being authenticated").
 * The MAC key is derived from the persisted cookie keys (persisted-keys.ts; `DATA_DIR/idp/keys.json`), so cookies
 * survive a restart; the first key signs, every key verifies.
 */
export class DeviceCookies {
  private readonly keys: Buffer[];

  /**
   * @param cookieKeys the provider's persisted cookie keys (at least one).
   * @param now the clock (epoch ms).
   * @throws Error when no key is given.
   */
  constructor(
    cookieKeys: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    if (cookieKeys.length === 0) throw new Error('DeviceCookies needs at least one key');
    // A key of its own per cookie key, so no signature made for another purpose can pass for a device cookie's.
    this.keys = cookieKeys.map((key) => createHmac('sha256', key).update('linksite idp device cookie v1').digest());
  }

  private static mac(key: Buffer, account: string, nonce: string, expiry: string): Buffer {
    return createHmac('sha256', key).update(`${account}|${nonce}|${expiry}`).digest();
  }

  /** A new cookie value for `account` (already normalized, e.g. login-limiter.ts `accountKey`) and its device id. */
  issue(account: string): { value: string; device: string } {
    const nonce = randomBytes(16).toString('base64url');
    const expiry = String(Math.floor(this.now() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS);
    const mac = DeviceCookies.mac(this.keys[0]!, account, nonce, expiry).toString('base64url');
    return { value: `${nonce}.${expiry}.${mac}`, device: nonce };
  }

  /**
   * The device id of `value` when it is a device cookie this provider issued for `account` and it has not expired;
   * undefined for anything else (absent, malformed, forged, another account's, expired).
   */
  verify(value: string | undefined, account: string): string | undefined {
    const [nonce = '', expiry = '', mac = '', ...rest] = (value ?? '').split('.');
    if (rest.length > 0 || !NONCE.test(nonce) || !/^\d{1,12}$/.test(expiry)) return undefined;
    if (Number(expiry) * 1000 <= this.now()) return undefined;
    const given = Buffer.from(mac, 'base64url');
    const valid = this.keys.some((key) => {
      const expected = DeviceCookies.mac(key, account, nonce, expiry);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return valid ? nonce : undefined;
  }

  /**
   * The `Set-Cookie` header value for `value`: HttpOnly, SameSite=Lax, Path=/interaction/, a year's Max-Age, and
   * Secure when `secure` (the provider is reached over https).
   */
  static header(value: string, secure: boolean): string {
    return [
      `${DEVICE_COOKIE}=${value}`,
      `Path=${COOKIE_PATH}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }
}
