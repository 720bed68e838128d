/**
 * The part of nginx's SSI syntax that the shell's `index.html` uses for its head (docs/first-screen.md), resolved by the
 * shell's own server (`scripts/serve-app.mjs`: `npm start`, and the shell's site-server container behind the gateway):
 *
 *   <!--# include virtual="/api/…" -->                   replaced by the API's answer: its body when 200, else nothing
 *   <!--# block name="x" --> … <!--# endblock -->          left out of the page; the stand-in of an include naming it:
 *   <!--# include virtual="/api/…" stub="x" -->          … the block's text when the answer is not 200 or is empty
 * (the shell's default title and description, docs/decisions/0033-head-and-link-preview.md)
 *
 * Any `include virtual` under `/api/` is resolved the same way (the head tags); anything else is left as it is (an
 * HTML comment). The first screen is not an include: the shell's server renders it (scripts/first-screen/).
 */

/** `<!--# include virtual="/api/…" [stub="name"] -->`. */
const INCLUDE = /<!--#\s*include\s+virtual="(\/api\/[^"]*)"(?:\s+stub="([^"]*)")?\s*-->/g;
/** `<!--# block name="name" -->text<!--# endblock -->`. */
const BLOCK = /<!--#\s*block\s+name="([^"]*)"\s*-->([\s\S]*?)<!--#\s*endblock\s*-->/g;

/**
 * The value of the first `name` parameter of `query` as it was sent (not decoded), '' when there is none; the name is
 * compared without regard to case. nginx's `$arg_<name>`, as the page's `tag` reaches the API's first screen
 * (scripts/first-screen/site-first-screen.mjs).
 * @param {string} query the request's query, without `?`
 * @param {string} name
 */
export function argument(query, name) {
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (key.toLowerCase() === name.toLowerCase()) return equals < 0 ? '' : pair.slice(equals + 1);
  }
  return '';
}

/**
 * Resolves the directives of `html`.
 * @param {string} html the page with SSI directives
 * @param {(virtual: string) => Promise<string>} include the text to put in place of an include ('' for nothing);
 *   called for all of them at once
 * @returns {Promise<string>}
 */
export async function resolveSsi(html, include) {
  const blocks = new Map();
  const withoutBlocks = html.replace(BLOCK, (_match, name, text) => {
    blocks.set(name, text);
    return '';
  });
  const virtuals = [...new Set(Array.from(withoutBlocks.matchAll(INCLUDE), (match) => match[1]))];
  const texts = new Map(await Promise.all(virtuals.map(async (virtual) => [virtual, await include(virtual)])));
  return withoutBlocks.replace(
    INCLUDE,
    (_match, virtual, stub) => texts.get(virtual) || (stub ? blocks.get(stub) : '') || '',
  );
}

/**
 * The headers a server asking the API on a visitor's behalf sends: the visitor's address (the API's rate limit counts
 * the visitor, not this server). Not the visitor's `Host` (docs/decisions/0095-no-host-derived-urls.md): nothing the
 * API answers here may depend on a host the client chose, since the head is cached and sent to everyone; its addresses
 * come from the API's PUBLIC_SITE_URL alone (api/src/site-head/site-head.ts renderHead).
 * @param {{ forwardedFor?: string }} request
 * @returns {Record<string, string>}
 */
export function forwardedHeaders({ forwardedFor }) {
  return forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
}

/**
 * Fetches an include from the API as nginx's subrequest does: the body of a 200 answer, otherwise (another status,
 * no answer within `timeoutMs`, a refused connection) '' so the page goes without it.
 * @param {string} apiOrigin `http://127.0.0.1:3000`
 * @param {string} virtual `/api/site/first-screen`
 * @param {{ forwardedFor?: string, timeoutMs?: number }} [options] forwardedFor: the visitor's address (the API's
 *   rate limit counts the visitor, not this server; {@link forwardedHeaders})
 * @returns {Promise<string>}
 */
export async function fetchInclude(apiOrigin, virtual, { forwardedFor, timeoutMs = 2000 } = {}) {
  const headers = forwardedHeaders({ forwardedFor });
  try {
    const response = await fetch(`${apiOrigin}${virtual}`, {
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.status === 200 ? await response.text() : '';
  } catch {
    return '';
  }
}
