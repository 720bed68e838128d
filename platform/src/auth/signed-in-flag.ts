/**
 * "This browser has signed in here before" (docs/decisions/0034-visitor-loads-what-it-shows.md): a localStorage flag,
 * never a token. While it is set the shell starts single sign-on at start-up (check-sso, so the footer shows 로그아웃/관리자);
 * while it is not, a public route neither loads keycloak-js nor contacts the identity server. Set when sign-in starts
 * and when a sign-in is found, cleared at logout and when check-sso finds nobody.
 */
export const SIGNED_IN_FLAG_KEY = 'linksite.signedInBefore';

/** True when the flag is set; false also when localStorage cannot be read (blocked storage). */
export function hasSignedInBefore(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

/** Sets (true) or clears (false) the flag; a storage that refuses writes is ignored (auth then starts lazily). */
export function setSignedInBefore(value: boolean): void {
  try {
    if (value) window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_FLAG_KEY);
  } catch {
    // Blocked storage: nothing to remember.
  }
}

/**
 * The page is the identity server's answer to a sign-in (keycloak-js's default `fragment` response mode puts
 * `state` and `code` or `error` in the URL's hash), which only keycloak-js can finish.
 */
export function isSignInCallback(hash: string = window.location.hash): boolean {
  return /(^#|&)state=/.test(hash) && /(^#|&)(code|error)=/.test(hash);
}
