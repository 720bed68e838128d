/**
 * Google Analytics 4 through gtag.js, only when `/config.json` names a measurement id (`analyticsId`, env
 * ANALYTICS_ID; docs/product.md#7-api-calls "an analytics service also receives page hits"). Without one nothing of it
 * loads and nothing leaves for a third party.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** docs/product.md#9-constants-and-limits: the outbound-link time-out of the analytics service. */
export const OUTBOUND_TIMEOUT_MS = 250;

/** A GA4 measurement id (`G-XXXXXXX`). Anything else (an old `UA-` property, a typo) loads nothing. */
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/i;

let loadedId: string | null = null;

/** True for a GA4 measurement id. */
export function isMeasurementId(id: string | null | undefined): id is string {
  return typeof id === 'string' && MEASUREMENT_ID.test(id);
}

/**
 * Loads gtag.js once for `measurementId` with `send_page_view: false`: the shell reports every route change itself
 * (a single-page app has one page load). Returns false (and does nothing) for anything that is not a GA4 id.
 */
export function loadGtag(measurementId: string | null | undefined): boolean {
  if (!isMeasurementId(measurementId)) return false;
  if (loadedId === measurementId) return true;
  loadedId = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays: this is Google's own snippet.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  return true;
}

/** A GA4 `page_view` of a route change, when gtag.js is loaded. */
export function gtagPageView(path: string): void {
  window.gtag?.('event', 'page_view', {
    page_location: `${window.location.origin}${path}${window.location.search}`,
    page_path: path,
    page_title: document.title,
  });
}

/**
 * An outbound click as a GA4 `click` event (`outbound: true`, `link_url`, `link_domain`), sent as a beacon.
 * Resolves when gtag confirms it (`event_callback`) or after {@link OUTBOUND_TIMEOUT_MS}
 * (docs/product.md#9-constants-and-limits), whichever comes first, and at once without gtag: a caller that navigates
 * the same tab awaits it before leaving. The product cards open the shop in a new tab, synchronously in the click (a
 * tab opened after a wait is blocked as a pop-up), so they open first and only report here; the beacon survives either
 * way.
 */
export function sendOutboundClick(url: string, params: Record<string, unknown> = {}): Promise<void> {
  const gtag = window.gtag;
  if (!gtag) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(finish, OUTBOUND_TIMEOUT_MS);
    let domain = '';
    try {
      domain = new URL(url).hostname;
    } catch {
      // Not an absolute URL: no domain.
    }
    gtag('event', 'click', {
      ...params,
      link_url: url,
      link_domain: domain,
      outbound: true,
      transport_type: 'beacon',
      event_callback: finish,
    });
  });
}

/** Forgets the loaded id (tests). */
export function resetGtag(): void {
  loadedId = null;
  delete window.gtag;
  delete window.dataLayer;
}
