import { setRuntimeConfig } from '../config/runtime-config';
import { TEST_RUNTIME_CONFIG } from '../testing/fake-http';
import { resetGtag, sendOutboundClick } from './gtag';
import { AnalyticsTracker, EARLY_CLICK_EVENT, FLUSH_DELAY_MS } from './tracker';

const sendBeacon = jest.fn<boolean, [string, BodyInit?]>();
const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

/** The events of every beacon sent so far. */
const beacons = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, ...JSON.parse(String(body)) }));
const gtagScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('googletagmanager'));

let tracker: AnalyticsTracker;

beforeEach(() => {
  jest.useFakeTimers();
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
  sendBeacon.mockReset().mockReturnValue(true);
  fetchMock.mockReset().mockResolvedValue({ ok: true, status: 204 } as Response);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  Object.assign(globalThis, { fetch: fetchMock });
  window.history.replaceState(null, '', '/');
  tracker = new AnalyticsTracker();
});

afterEach(() => {
  jest.useRealTimers();
  resetGtag();
  for (const script of gtagScripts()) script.remove();
});

describe('AnalyticsTracker (docs/decisions/0027-first-party-analytics.md)', () => {
  it('queues a page view and a click and sends them together with navigator.sendBeacon, never at once', () => {
    tracker.trackPageView('/');
    tracker.trackClick({ linkId: 7, url: 'https://shop.example/7' });
    tracker.trackClick({ keyword: '선물추천' });
    expect(sendBeacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(beacons()).toEqual([
      {
        url: '/api/analytics/events',
        events: [
          { type: 'pageview', path: '/' },
          { type: 'click', path: '/', linkId: 7 },
          { type: 'click', path: '/', keyword: '선물추천' },
        ],
      },
    ]);
    // A string body: the beacon goes as text/plain, a simple request (no CORS preflight).
    expect(typeof sendBeacon.mock.calls[0]![1]).toBe('string');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive when the beacon is refused or missing, and sends no credentials', () => {
    sendBeacon.mockReturnValue(false);
    tracker.trackPageView('/');
    tracker.flush();
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    tracker.trackPageView('/reserve');
    tracker.flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/analytics/events');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(JSON.parse(String(init!.body))).toEqual({ events: [{ type: 'pageview', path: '/reserve' }] });
  });

  it('never throws when sending fails', () => {
    sendBeacon.mockImplementation(() => {
      throw new TypeError('blocked');
    });
    fetchMock.mockRejectedValue(new TypeError('offline'));
    tracker.trackPageView('/');
    expect(() => tracker.flush()).not.toThrow();
  });

  it('sends at once when the page is hidden (a card opened a new tab) or left', () => {
    tracker.trackPageView('/');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons()).toHaveLength(1);
    tracker.trackClick({ linkId: 3 });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons()).toHaveLength(2);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it("splits into the ingest's batches: at most 20 events and 2048 bytes each", () => {
    for (let i = 1; i <= 25; i += 1) tracker.trackClick({ linkId: i });
    expect(beacons().map((b) => b.events.length)).toEqual([20]);
    tracker.flush();
    expect(beacons().map((b) => b.events.length)).toEqual([20, 5]);
    sendBeacon.mockClear();
    for (let i = 0; i < 12; i += 1) tracker.trackPageView(`/${'x'.repeat(280)}`);
    tracker.flush();
    const sizes = sendBeacon.mock.calls.map(([, body]) => new TextEncoder().encode(String(body)).length);
    expect(sizes.every((size) => size <= 2048)).toBe(true);
    expect(beacons().flatMap((b) => b.events)).toHaveLength(12);
  });

  it('drops an event the ingest would refuse instead of losing the batch', () => {
    tracker.trackPageView('/');
    tracker.trackPageView('/a?b');
    tracker.trackClick({ keyword: 'a\u0000b' });
    tracker.trackClick({ linkId: 0 });
    tracker.flush();
    expect(beacons()[0]!.events).toEqual([{ type: 'pageview', path: '/' }]);
  });

  it("sends the referrer's origin on the page load only, never the site's own, and utm_source", () => {
    Object.defineProperty(document, 'referrer', {
      value: 'https://www.instagram.com/p/abc?igsh=1',
      configurable: true,
    });
    window.history.replaceState(null, '', '/?utm_source=newsletter');
    tracker.trackPageView('/');
    window.history.replaceState(null, '', '/reserve');
    tracker.trackPageView('/reserve');
    tracker.flush();
    expect(beacons()[0]!.events).toEqual([
      { type: 'pageview', path: '/', referrer: 'https://www.instagram.com/', utm: { source: 'newsletter' } },
      { type: 'pageview', path: '/reserve' },
    ]);
    Object.defineProperty(document, 'referrer', { value: `${window.location.origin}/admin`, configurable: true });
    const other = new AnalyticsTracker();
    other.trackPageView('/');
    other.flush();
    expect(beacons()[1]!.events).toEqual([{ type: 'pageview', path: '/' }]);
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  });

  it("sends a remote's error with the page views and clicks: its name, its version ('-' when unknown) and the path", () => {
    window.history.replaceState(null, '', '/reserve?utm_source=x');
    tracker.trackPageView('/reserve');
    tracker.trackRemoteError('mf_plans', '3f2a9c0d1e4b');
    tracker.trackClick({ linkId: 4 });
    tracker.trackRemoteError('mf_store', null);
    expect(sendBeacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(beacons()).toEqual([
      {
        url: '/api/analytics/events',
        events: [
          { type: 'pageview', path: '/reserve', utm: { source: 'x' } },
          { type: 'remote_error', path: '/reserve', remote: 'mf_plans', version: '3f2a9c0d1e4b' },
          { type: 'click', path: '/reserve', linkId: 4 },
          { type: 'remote_error', path: '/reserve', remote: 'mf_store', version: '-' },
        ],
      },
    ]);
  });

  it("drops a remote's error whose name or version the ingest would refuse, keeping the rest of the batch", () => {
    tracker.trackRemoteError('mf-links', '3f2a9c0d1e4b');
    tracker.trackRemoteError('Mf_links', null);
    tracker.trackRemoteError('mf_links', '3F2A9C0D1E4B');
    tracker.trackRemoteError('mf_links', 'abc');
    tracker.trackRemoteError('mf_links', '');
    tracker.trackRemoteError('m'.repeat(41), null);
    tracker.trackRemoteError('m'.repeat(40), 'a'.repeat(64));
    tracker.flush();
    expect(beacons()).toEqual([
      {
        url: '/api/analytics/events',
        events: [{ type: 'remote_error', path: '/', remote: 'm'.repeat(40), version: 'a'.repeat(64) }],
      },
    ]);
  });

  it("sends a remote's errors in the ingest's batches and never loads gtag for them", () => {
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, analyticsId: 'G-TEST1234' });
    for (let i = 0; i < 25; i += 1) tracker.trackRemoteError('mf_links', null);
    tracker.flush();
    expect(beacons().map((b) => b.events.length)).toEqual([20, 5]);
    expect(gtagScripts()).toEqual([]);
  });

  it('loads nothing from Google without an analyticsId', () => {
    tracker.trackPageView('/');
    tracker.trackClick({ linkId: 1, url: 'https://shop.example/1' });
    expect(gtagScripts()).toEqual([]);
    expect(window.gtag).toBeUndefined();
  });

  it('with a GA4 analyticsId loads gtag.js once, without its own page view, and reports route changes and outbound clicks', () => {
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, analyticsId: 'G-TEST1234' });
    tracker.trackPageView('/');
    tracker.trackPageView('/reserve');
    tracker.trackClick({ linkId: 9, url: 'https://shop.example/9' });
    expect(gtagScripts().map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']);
    const calls = (window.dataLayer ?? []).map((args) => [...(args as IArguments)]);
    expect(calls[1]).toEqual(['config', 'G-TEST1234', { send_page_view: false }]);
    expect(calls.filter((c) => c[1] === 'page_view').map((c) => (c[2] as { page_path: string }).page_path)).toEqual([
      '/',
      '/reserve',
    ]);
    expect(calls.find((c) => c[1] === 'click')?.[2]).toMatchObject({
      link_url: 'https://shop.example/9',
      link_domain: 'shop.example',
      outbound: true,
      transport_type: 'beacon',
      link_id: '9',
    });
    // First-party analytics goes on as before.
    tracker.flush();
    expect(beacons()[0]!.events).toHaveLength(3);
  });

  it("leaves out a click the served page's early listener has already sent (docs/decisions/0073-every-tap-counted.md), and only that one", () => {
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, analyticsId: 'G-TEST1234' });
    const asked: unknown[] = [];
    // The early listener (scripts/first-screen/early-clicks.mjs) cancels the question for the click it sent.
    const answer = (event: Event) => {
      asked.push((event as CustomEvent).detail);
      if ((event as CustomEvent<{ linkId?: number }>).detail.linkId === 9) event.preventDefault();
    };
    window.addEventListener(EARLY_CLICK_EVENT, answer);
    try {
      tracker.trackClick({ linkId: 9, url: 'https://shop.example/9' });
      tracker.trackClick({ linkId: 10 });
      tracker.trackClick({ keyword: '선물추천' });
    } finally {
      window.removeEventListener(EARLY_CLICK_EVENT, answer);
    }
    expect(asked).toEqual([{ linkId: 9 }, { linkId: 10 }, { keyword: '선물추천' }]);
    tracker.flush();
    expect(beacons()[0]!.events).toEqual([
      { type: 'click', path: '/', linkId: 10 },
      { type: 'click', path: '/', keyword: '선물추천' },
    ]);
    // GA4's outbound click is the tracker's alone (docs/product.md#9-constants-and-limits): still reported.
    const calls = (window.dataLayer ?? []).map((args) => [...(args as IArguments)]);
    expect(calls.find((c) => c[1] === 'click')?.[2]).toMatchObject({
      link_url: 'https://shop.example/9',
      link_id: '9',
    });
  });

  it('ignores an analyticsId that is not a GA4 measurement id', () => {
    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, analyticsId: 'UA-12345-1' });
    tracker.trackPageView('/');
    expect(gtagScripts()).toEqual([]);
  });
});

describe('sendOutboundClick (docs/product.md#9-constants-and-limits: 250 ms outbound time-out)', () => {
  it('resolves when gtag confirms, or after 250 ms at the latest', async () => {
    const gtag = jest.fn();
    window.gtag = gtag;
    let settled = false;
    void sendOutboundClick('https://shop.example/1').then(() => (settled = true));
    jest.advanceTimersByTime(249);
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(settled).toBe(true);

    let confirmed = false;
    void sendOutboundClick('https://shop.example/2').then(() => (confirmed = true));
    (gtag.mock.calls[1]![2] as { event_callback: () => void }).event_callback();
    await Promise.resolve();
    expect(confirmed).toBe(true);
  });

  it('resolves at once without gtag', async () => {
    await expect(sendOutboundClick('https://shop.example/1')).resolves.toBeUndefined();
  });
});
