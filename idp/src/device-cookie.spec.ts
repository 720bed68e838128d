import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DeviceCookies } from './device-cookie';

const KEY = 'k'.repeat(43);

describe('DeviceCookies (docs/decisions/0087-lockout-no-stranger-holds.md, OWASP device cookies)', () => {
  it('verifies a cookie it issued for that account, and names its device', () => {
    const cookies = new DeviceCookies([KEY]);
    const { value, device } = cookies.issue('admin');
    expect(cookies.verify(value, 'admin')).toBe(device);
    // A fresh nonce every time.
    expect(cookies.issue('admin').device).not.toBe(device);
  });

  it('refuses a cookie of another account, a forged or altered one, and nothing at all', () => {
    const cookies = new DeviceCookies([KEY]);
    const { value } = cookies.issue('admin');
    const [nonce, expiry, mac] = value.split('.') as [string, string, string];
    expect(cookies.verify(value, 'someone')).toBeUndefined();
    expect(cookies.verify(`${'A'.repeat(22)}.${expiry}.${mac}`, 'admin')).toBeUndefined();
    expect(cookies.verify(`${nonce}.${Number(expiry) + 1}.${mac}`, 'admin')).toBeUndefined();
    expect(cookies.verify(`${nonce}.${expiry}.${mac.slice(0, -2)}`, 'admin')).toBeUndefined();
    expect(cookies.verify(`${value}.x`, 'admin')).toBeUndefined();
    expect(new DeviceCookies(['o'.repeat(43)]).verify(value, 'admin')).toBeUndefined();
    expect(cookies.verify(undefined, 'admin')).toBeUndefined();
    expect(cookies.verify('', 'admin')).toBeUndefined();
  });

  it('refuses an expired cookie and verifies under any of the keys (rotation)', () => {
    let now = 1_000_000;
    const old = new DeviceCookies(['o'.repeat(43)], () => now);
    const { value, device } = old.issue('admin');
    const rotated = new DeviceCookies([KEY, 'o'.repeat(43)], () => now);
    expect(rotated.verify(value, 'admin')).toBe(device);
    now += DEVICE_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(rotated.verify(value, 'admin')).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Lax, a year long, for the sign-in form only, and Secure over https', () => {
    expect(DeviceCookies.header('v', false)).toBe(
      `${DEVICE_COOKIE}=v; Path=/interaction/; Max-Age=${365 * 24 * 3600}; HttpOnly; SameSite=Lax`,
    );
    expect(DeviceCookies.header('v', true)).toMatch(/; Secure$/);
  });
});
