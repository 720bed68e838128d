/**
 * Every tap counted (docs/decisions/0073-every-tap-counted.md): the served `/` is clickable from its first paint, but
 * its cards report their clicks only once mf-store has hydrated them (`ProductCard`'s `onClick` → platform's
 * `trackClick`), a few hundred milliseconds to seconds later on a phone. The quickest taps, of visitors who knew what
 * they wanted, opened the shop and were never counted. This small listener, inlined in the served page's `<head>`
 * before its stylesheet and its scripts, counts them:
 *
 * - It listens for clicks on `window` in the capture phase, ahead of React's listeners on `#root` (which stop a click
 *   on markup they cannot hydrate yet from propagating further).
 * - A click counts when it lands on a card link (`data-link-id`) or a keyword (`data-keyword`) inside a first-screen
 *   slot still as served (`[data-first-screen][data-state="served"]`, shell/src/first-screen/first-screen-slot.tsx).
 *   In a slot the app has taken over (`live`) it does nothing: the tracker counts that click.
 * - It sends the event the tracker would, `{ events: [{ type: 'click', path, linkId | keyword }] }`, at once with
 *   `navigator.sendBeacon` (text/plain, no preflight) to the ingest URL its element names (`data-ingest`: the API's
 *   ingest under `/config.json`'s `apiBaseUrl`, written by the server from its environment, never from the request).
 *   The shop opens as the link says: nothing is prevented and nothing waits.
 * - No double count: between React hydrating a card and the slot saying `live` (and when React hydrates a card
 *   synchronously for this very click) both would count it. Before it queues a click, the tracker dispatches a
 *   cancelable {@link EARLY_CLICK_EVENT} on `window` with the click (`{ linkId }` or `{ keyword }`); this listener
 *   cancels it when it has sent that click during the same dispatch, and the tracker then leaves it out
 *   (platform/src/analytics/tracker.ts). React never replays a click on markup it could not hydrate, so the tracker
 *   sees a click within its dispatch or not at all.
 *
 * The script's text is the source of {@link listenForEarlyClicks} (no comment inside it, so none is sent with every
 * page), and the Content-Security-Policy allows exactly that text by its hash ({@link EARLY_CLICKS_SCRIPT_HASH},
 * scripts/security-headers.mjs): no 'unsafe-inline'.
 */
import crypto from 'node:crypto';

/** The event the tracker dispatches before it queues a click (platform/src/analytics/tracker.ts, same name). */
export const EARLY_CLICK_EVENT = 'linksite:click';

/**
 * The listener as the browser runs it: its source becomes the inline script, so it uses nothing but its arguments and
 * the language's own globals.
 * @param {Window} window the page's window
 * @param {HTMLScriptElement | null} script the inline script's own element (`document.currentScript`), which names
 *   the ingest in `data-ingest`; without one the listener does nothing
 * @param {string} asking {@link EARLY_CLICK_EVENT}
 */
function listenForEarlyClicks(window, script, asking) {
  const url = script?.dataset.ingest;
  if (!url) return;
  let sent = null;
  window.addEventListener(
    'click',
    (event) => {
      const link = event.target.closest?.('[data-link-id],[data-keyword]');
      if (link?.closest('[data-first-screen]')?.dataset.state !== 'served') return;
      const linkId = Number(link.dataset.linkId);
      const { keyword } = link.dataset;
      const click = linkId > 0 ? { linkId } : keyword ? { keyword } : null;
      const body = JSON.stringify({ events: [{ type: 'click', path: window.location.pathname, ...click }] });
      try {
        if (click && window.navigator.sendBeacon(url, body)) {
          sent = click;
          window.setTimeout(() => (sent = null));
        }
      } catch {
        sent = null;
      }
    },
    true,
  );
  window.addEventListener(asking, (event) => {
    const asked = event.detail ?? {};
    if (sent && sent.linkId === asked.linkId && sent.keyword === asked.keyword) event.preventDefault();
  });
}

/**
 * The inline script's text: the listener's source on one line (its line breaks and indentation left out: every
 * statement ends with `;`, as Prettier writes it), called with the page's window, its own element and the event name.
 */
export const EARLY_CLICKS_SCRIPT = `(${listenForEarlyClicks
  .toString()
  .replace(/\n\s*/g, '')})(window,document.currentScript,${JSON.stringify(EARLY_CLICK_EVENT)})`;

/** The CSP source that allows {@link EARLY_CLICKS_SCRIPT} and no other inline script: `'sha256-<base64>'`. */
export const EARLY_CLICKS_SCRIPT_HASH = `'sha256-${crypto
  .createHash('sha256')
  .update(EARLY_CLICKS_SCRIPT, 'utf8')
  .digest('base64')}'`;

/**
 * The ingest's URL under the API's base URL, as platform's tracker makes it (`resolveApiUrl('/analytics/events')`).
 * @param {string} apiBaseUrl `/config.json`'s `apiBaseUrl` (`/api`, or an absolute `https://api.example.com/api`)
 */
export function ingestUrl(apiBaseUrl) {
  return `${apiBaseUrl}/analytics/events`;
}

/** `value` safe inside a double-quoted HTML attribute. */
const attribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The `<script>` element of the served page's `<head>`: {@link EARLY_CLICKS_SCRIPT}, with the ingest it sends to as
 * its `data-ingest` attribute (attributes are not part of the hash).
 * @param {string} ingest the ingest's URL ({@link ingestUrl})
 * @returns {string} HTML
 */
export function earlyClicksTag(ingest) {
  return `<script data-ingest="${attribute(ingest)}">${EARLY_CLICKS_SCRIPT}</script>`;
}
