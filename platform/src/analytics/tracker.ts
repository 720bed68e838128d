import type { AnalyticsEvent } from '@linksite/contract';
import { REMOTE_NAME, REPORTED_RELEASE_VERSION, UNKNOWN_RELEASE_VERSION } from '@linksite/contract/api-rules';
import { runtimeConfigStore } from '../config/runtime-config';
import { resolveApiUrl } from '../http/http-client';
import { gtagPageView, loadGtag, sendOutboundClick } from './gtag';

/** The ingest (`POST /api/analytics/events`), under the configured API base URL. */
export const INGEST_PATH = '/analytics/events';
/** The ingest's limits: at most 20 events and 2048 bytes per request (it refuses a whole batch beyond them). */
export const MAX_BATCH_EVENTS = 20;
export const MAX_BATCH_BYTES = 2048;
/** Events wait this long to leave together (a page view and the click after it); the page never waits for them. */
export const FLUSH_DELAY_MS = 1000;

/**
 * Asked on `window` before a click is queued (docs/decisions/0073-every-tap-counted.md): the served `/`'s early
 * listener (scripts/first-screen/early-clicks.mjs, same name) counts card and keyword clicks before the app has taken
 * the page over, and cancels this event (a `CustomEvent` whose `detail` is `{ linkId }` or `{ keyword }`) when it has
 * already sent that click in the same dispatch: React hydrated the card just before, or for, this click. The click is
 * then not queued again.
 */
export const EARLY_CLICK_EVENT = 'linksite:click';

/** Whether the served page's early listener has already sent `target` (it cancels {@link EARLY_CLICK_EVENT}). */
function sentEarly(target: { linkId: number } | { keyword: string }): boolean {
  return !window.dispatchEvent(new CustomEvent(EARLY_CLICK_EVENT, { detail: target, cancelable: true }));
}

/** What a click is on: a product card (its link id; `url` is the shop it opens) or a keyword-cloud word. */
export type AnalyticsClick = { linkId: number; url?: string | null } | { keyword: string; url?: string | null };

/** What the ingest accepts, checked here too, so one odd event never gets a whole batch refused. */
const PATH = /^\/[\x21\x22\x24-\x3e\x40-\x7e]{0,299}$/;
const bytes = (text: string) => new TextEncoder().encode(text).length;
const cleanText = (text: string, max: number) =>
  text.length >= 1 && text.length <= max && !/[\p{Cc}\p{Cs}]/u.test(text);

function sendable(event: AnalyticsEvent): boolean {
  if (!PATH.test(event.path)) return false;
  if (event.keyword !== undefined && !cleanText(event.keyword, 30)) return false;
  if (
    event.linkId !== undefined &&
    !(Number.isInteger(event.linkId) && event.linkId >= 1 && event.linkId <= 2 ** 31 - 1)
  )
    return false;
  if (event.utm && !cleanText(event.utm.source, 100)) return false;
  if (event.remote !== undefined && !REMOTE_NAME.test(event.remote)) return false;
  if (event.version !== undefined && !REPORTED_RELEASE_VERSION.test(event.version)) return false;
  return bytes(JSON.stringify({ events: [event] })) <= MAX_BATCH_BYTES;
}

/**
 * The public page's first-party analytics (docs/decisions/0027-first-party-analytics.md): page views, clicks and
 * remotes' errors are queued and sent to the ingest in batches with `navigator.sendBeacon` (falling back to `fetch`
 * with `keepalive`), after {@link FLUSH_DELAY_MS} or when the page is hidden or left, so the page never waits for them
 * and a click that leaves still arrives. No cookie is set or read. When `/config.json` has a GA4 `analyticsId`, page
 * views and outbound clicks also go to GA4 (gtag.ts). Nothing here throws: analytics never breaks a page.
 */
export class AnalyticsTracker {
  private queue: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstView = true;
  private listening = false;

  /** A page view of `path` (`location.pathname`): the shell calls it on every route change of a public route. */
  trackPageView(path: string): void {
    try {
      const event: AnalyticsEvent = { type: 'pageview', path };
      if (this.firstView) {
        // Only a page load has a referrer; later route changes come from the site itself. Its origin is enough (the
        // ingest keeps the host only), and never the site's own.
        this.firstView = false;
        const referrer = this.referrerOrigin();
        if (referrer) event.referrer = referrer;
      }
      const source = new URLSearchParams(window.location.search).get('utm_source')?.trim();
      if (source) event.utm = { source: source.slice(0, 100) };
      this.enqueue(event);
      if (this.gtagReady()) gtagPageView(path);
    } catch {
      // Never break the page.
    }
  }

  /**
   * A click on a product card or a keyword. Call it in the click handler, after (or while) the link opens: it only
   * queues, unless the served page's early listener has already sent this click ({@link EARLY_CLICK_EVENT}). With
   * GA4 configured, a click with a `url` is also reported as an outbound click (docs/product.md#9-constants-and-limits,
   * 250 ms).
   */
  trackClick(click: AnalyticsClick): void {
    try {
      const path = window.location.pathname;
      const target = 'linkId' in click ? { linkId: click.linkId } : { keyword: click.keyword };
      if (!sentEarly(target)) this.enqueue({ type: 'click', path, ...target });
      if (click.url && this.gtagReady())
        void sendOutboundClick(
          click.url,
          'linkId' in click ? { link_id: String(click.linkId) } : { keyword: click.keyword },
        );
    } catch {
      // Never break the page.
    }
  }

  /**
   * An error a remote's code met on this page (its error boundary caught it, say): `remote` is its Module Federation
   * name (`mf_links`), `version` the release of it the page runs (6–64 lowercase hex digits), or null when unknown
   * (sent as `-`). Queued and sent with the page views and clicks; the API counts it per remote and version on
   * /metrics (`linksite_remote_browser_errors_total`) and stores nothing. A name or version the ingest would refuse
   * is dropped. Only queues; never throws.
   */
  trackRemoteError(remote: string, version: string | null): void {
    try {
      this.enqueue({
        type: 'remote_error',
        path: window.location.pathname,
        remote,
        version: version ?? UNKNOWN_RELEASE_VERSION,
      });
    } catch {
      // Never break the page.
    }
  }

  /** Sends everything queued now, in as many requests as the ingest's limits need. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.queue.filter(sendable);
    this.queue = [];
    let batch: AnalyticsEvent[] = [];
    for (const event of events) {
      const next = [...batch, event];
      if (
        batch.length > 0 &&
        (next.length > MAX_BATCH_EVENTS || bytes(JSON.stringify({ events: next })) > MAX_BATCH_BYTES)
      ) {
        this.send(batch);
        batch = [event];
      } else batch = next;
    }
    if (batch.length > 0) this.send(batch);
  }

  private enqueue(event: AnalyticsEvent): void {
    this.listen();
    this.queue.push(event);
    if (this.queue.length >= MAX_BATCH_EVENTS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** Sends one batch: a beacon (`text/plain`, no preflight), else `fetch` with `keepalive`; failures are dropped. */
  private send(events: AnalyticsEvent[]): void {
    let url: string;
    try {
      url = resolveApiUrl(INGEST_PATH);
    } catch {
      return; // no /config.json yet: nowhere to send
    }
    const body = JSON.stringify({ events });
    try {
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
    } catch {
      // Some browsers throw instead of returning false (a blocked URL): fall back.
    }
    if (typeof fetch !== 'function') return;
    fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    }).catch(() => undefined);
  }

  /** Flushes when the page is hidden (tab switched, a card opened a new tab) or left. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const flush = () => this.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  private referrerOrigin(): string | null {
    if (!document.referrer) return null;
    try {
      const referrer = new URL(document.referrer);
      if (referrer.host === window.location.host || !/^https?:$/.test(referrer.protocol)) return null;
      return `${referrer.origin}/`;
    } catch {
      return null;
    }
  }

  /** Loads gtag.js on first use when a GA4 id is configured. */
  private gtagReady(): boolean {
    return loadGtag(runtimeConfigStore.getState().config?.analyticsId);
  }
}

/** The page's one tracker (platform is a singleton, so every remote reports through it). */
const tracker = new AnalyticsTracker();

/**
 * A page view of `path` (docs/decisions/0027-first-party-analytics.md): the shell reports each route change of a public
 * route.
 */
export const trackPageView = (path: string): void => tracker.trackPageView(path);
/** A click on a product card (`linkId`, `url`) or a keyword-cloud word (`keyword`). */
export const trackClick = (click: AnalyticsClick): void => tracker.trackClick(click);
/** An error of remote `remote` (`mf_links`) at release `version` (null: unknown), counted on the API's /metrics. */
export const trackRemoteError = (remote: string, version: string | null): void =>
  tracker.trackRemoteError(remote, version);
/** Sends the queued events now. */
export const flushAnalytics = (): void => tracker.flush();
