/**
 * Where to go back to after signing in (docs/decisions/0055-form-flow.md): the protected route that sent a signed-out
 * visitor away. The guard keeps it here before its alert and redirect to `/` (docs/product.md#2-screens-and-routes,
 * docs/decisions/0005-authentication.md); the sign-in round trip through the identity server reloads the page, so it
 * lives in sessionStorage (this tab only) rather than in memory or in router state.
 */

/** The sessionStorage key of the path to return to after signing in. */
export const RETURN_PATH_KEY = 'linksite.returnPath';

/** Paths that make no sense to return to: the sign-in page itself (a loop) and the public page (no gain). */
const NOT_RETURNED_TO = new Set(['/', '/login']);

/**
 * The value as a same-origin relative path (`/main/list?x=1#y`), or null when it is anything else: an absolute
 * URL (`https://…`), a protocol-relative one (`//host`, `/\host`), a `javascript:` address, a path with control
 * characters, `/` or `/login`. The check is what stops an open redirect: only what this function returns is ever
 * navigated to.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  // Must start with exactly one slash; a second slash or a backslash would make it protocol-relative.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'https://return-path.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (NOT_RETURNED_TO.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Keeps `path` to return to after the next sign-in; a path {@link safeReturnPath} refuses is not kept. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) window.sessionStorage.setItem(RETURN_PATH_KEY, safe);
  } catch {
    // Storage unavailable (private mode quota): signing in still lands on /admin.
  }
}

/** The kept path, checked again (sessionStorage can be written by anything on the page), or null. */
export function readReturnPath(): string | null {
  try {
    return safeReturnPath(window.sessionStorage.getItem(RETURN_PATH_KEY));
  } catch {
    return null;
  }
}

/** Forgets the kept path (once it has been used, and on logout). */
export function clearReturnPath(): void {
  try {
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
