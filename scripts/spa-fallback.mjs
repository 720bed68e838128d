/**
 * Which requests the single-page-app fallback (index.html) answers, in `npm start`'s static server
 * (docs/decisions/0040-trusted-under-attack.md).
 *
 * Only a page address gets index.html: a GET or HEAD whose last path segment has no file extension and which is
 * not under `static/` (the hashed chunks of the shell or of a remote). The Accept header is not required to name
 * HTML: link-preview scrapers (KakaoTalk's, say) and crawlers ask for a page with `*∕*` or with none. Everything
 * else that no file answered is a 404, so a stale or missing chunk, a remote entry or an icon fails as missing
 * instead of arriving as HTML. deploy/web/nginx-static.conf follows the same rule.
 */

/** A file name at the end of the path: `main.1a2b3c4d.js`, `remoteEntry.js`, `favicon.ico`. */
const fileExtension = /\.[A-Za-z0-9]+$/;

/**
 * @param {{ method: string, path: string }} req
 *   an Express request (`path` without the query string)
 * @returns {boolean} true when index.html should answer this request
 */
export function isNavigationRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/(^|\/)static(\/|$)/.test(req.path)) return false;
  const lastSegment = req.path.split('/').pop() ?? '';
  return !fileExtension.test(lastSegment);
}
