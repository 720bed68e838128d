/**
 * Which requests the single-page-app fallback (index.html) answers, in `npm start`'s static server (issue 15).
 *
 * Only a browser navigation to a client-side route gets index.html: a GET or HEAD whose Accept header names
 * `text/html` explicitly (a browser's navigation does; `fetch()`, `<script>` and chunk loads send `*∕*` or a
 * script type), whose last path segment has no file extension, and which is not under `static/` (the hashed
 * chunks of the shell or of a remote). Everything else that no file answered is a 404, so a stale or missing
 * chunk fails as a missing script instead of arriving as HTML. deploy/web/nginx-static.conf follows the same
 * rule for paths with an extension and for `/static/`.
 */

/** A file name at the end of the path: `main.1a2b3c4d.js`, `remoteEntry.js`, `favicon.ico`. */
const fileExtension = /\.[A-Za-z0-9]+$/;

/**
 * @param {{ method: string, path: string, headers: Record<string, string | string[] | undefined> }} req
 *   an Express request (`path` without the query string)
 * @returns {boolean} true when index.html should answer this request
 */
export function isNavigationRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const accept = String(req.headers.accept ?? '').toLowerCase();
  if (!/(^|,)\s*(text\/html|application\/xhtml\+xml)\s*(;|,|$)/.test(accept)) return false;
  if (/(^|\/)static(\/|$)/.test(req.path)) return false;
  const lastSegment = req.path.split('/').pop() ?? '';
  return !fileExtension.test(lastSegment);
}
