import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { flushAnalytics, setRuntimeConfig, trackClick } from '@linksite/platform';
import { TEST_RUNTIME_CONFIG } from '@linksite/platform/src/testing/fake-http';
import { EARLY_CLICK_EVENT } from '@linksite/platform/src/analytics/tracker';

/**
 * The served `/`'s early click listener (docs/decisions/0073-every-tap-counted.md,
 * scripts/first-screen/early-clicks.mjs): clicks on cards and keywords of a slot still as served are sent at once,
 * clicks in a slot the app has taken over are the tracker's, and a click both see is counted once. The script is the
 * exact `<script>` the shell's server writes into the page, read from the server's own module.
 */

const repoRoot = path.resolve(__dirname, '..', '..', '..');

interface Served {
  tag: string;
  script: string;
  hash: string;
  event: string;
  scriptSrc: string;
  escaped: string;
}

/** What the shell's server writes and sends, computed by its own ES modules in a child Node. */
const served = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import * as early from './scripts/first-screen/early-clicks.mjs';
       import { contentSecurityPolicy } from './scripts/security-headers.mjs';
       const policy = contentSecurityPolicy({ apiBaseUrl: '/api', remotes: {}, analyticsId: null, auth: {} });
       console.log(JSON.stringify({
         tag: early.earlyClicksTag(early.ingestUrl('/api')),
         script: early.EARLY_CLICKS_SCRIPT,
         hash: early.EARLY_CLICKS_SCRIPT_HASH,
         event: early.EARLY_CLICK_EVENT,
         scriptSrc: policy.split('; ').find((directive) => directive.startsWith('script-src ')),
         escaped: early.earlyClicksTag('https://api.example.com/a"b<c>&d/analytics/events'),
       }));`,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  ),
) as Served;

const sendBeacon = jest.fn<boolean, [string, BodyInit?]>();
/** The body of every beacon sent so far, with its URL. */
const beacons = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, ...JSON.parse(String(body)) }));
/** Lets the listener forget the click it sent (it does on its next task). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  setRuntimeConfig(TEST_RUNTIME_CONFIG);
  // The tag as served, parsed as HTML; jsdom runs a script element it inserts (with `document.currentScript` set),
  // not one of a parsed fragment, so the same element is made anew.
  const parsed = new DOMParser().parseFromString(served.tag, 'text/html').querySelector('script')!;
  const script = document.createElement('script');
  for (const { name, value } of parsed.attributes) script.setAttribute(name, value);
  script.textContent = parsed.textContent;
  document.head.append(script);
});

/**
 * A slot as the served page has it: a card (`data-link-id`) and a keyword (`data-keyword`) in
 * `[data-first-screen][data-state=<state>]`. `onCard` is the card's own handler, as React attaches it on hydration.
 */
function slot(state: 'served' | 'live', onCard?: () => void) {
  document.body.innerHTML = `
    <div id="root">
      <div class="first-screen-slot" data-first-screen="mf_store/StorePage" data-state="${state}">
        <a class="store-card" href="https://shop.example/7" target="_blank" data-link-id="7"><h3>수분 크림</h3></a>
        <svg><text role="link" data-keyword="선물추천">선물추천</text></svg>
        <a href="/reserve">팝업 예약하기</a>
      </div>
    </div>`;
  const card = document.querySelector<HTMLAnchorElement>('[data-link-id]')!;
  if (onCard) card.addEventListener('click', onCard);
  return {
    card,
    name: card.querySelector('h3')!,
    keyword: document.querySelector('[data-keyword]')!,
    other: document.querySelector<HTMLAnchorElement>('a[href="/reserve"]')!,
  };
}

/** Clicks `element` and says whether anything before the page's last listener prevented the link from opening. */
function click(element: Element): { prevented: boolean } {
  let prevented = false;
  const last = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot open the shop
  };
  document.addEventListener('click', last);
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  document.removeEventListener('click', last);
  return { prevented };
}

beforeEach(async () => {
  await nextTask();
  flushAnalytics();
  sendBeacon.mockReset().mockReturnValue(true);
  window.history.replaceState(null, '', '/');
});

describe('the served page’s early click listener (docs/decisions/0073-every-tap-counted.md)', () => {
  it('sends one beacon with the link id for a tap on a served card (on its name too), and lets the shop open', () => {
    const { name } = slot('served');
    expect(click(name)).toEqual({ prevented: false });
    expect(beacons()).toEqual([{ url: '/api/analytics/events', events: [{ type: 'click', path: '/', linkId: 7 }] }]);
    // A beacon's string body goes as text/plain: no preflight, as the tracker's.
    expect(typeof sendBeacon.mock.calls[0]![1]).toBe('string');
  });

  it('sends the keyword for a click on a served keyword, with the page’s path', () => {
    window.history.replaceState(null, '', '/?tag=%EB%B7%B0%ED%8B%B0');
    const { keyword } = slot('served');
    click(keyword);
    expect(beacons()).toEqual([
      { url: '/api/analytics/events', events: [{ type: 'click', path: '/', keyword: '선물추천' }] },
    ]);
  });

  it('sends nothing for a click in a slot the app has taken over, nor for other links', () => {
    const { card, keyword } = slot('live');
    click(card);
    click(keyword);
    expect(sendBeacon).not.toHaveBeenCalled();
    click(slot('served').other);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('counts a served card even when the app stops the click from propagating (React, before it can hydrate)', () => {
    const { card } = slot('served');
    document.getElementById('root')!.addEventListener('click', (event) => event.stopPropagation(), {
      capture: true,
      once: true,
    });
    card.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(beacons()).toEqual([{ url: '/api/analytics/events', events: [{ type: 'click', path: '/', linkId: 7 }] }]);
  });
});

describe('with the tracker: every tap counted once', () => {
  it('a card hydrated while its slot still says served: the tracker leaves the click to the early beacon', () => {
    const { card } = slot('served', () => trackClick({ linkId: 7, url: 'https://shop.example/7' }));
    click(card);
    flushAnalytics();
    expect(beacons()).toEqual([{ url: '/api/analytics/events', events: [{ type: 'click', path: '/', linkId: 7 }] }]);
  });

  it('a card in a live slot: the tracker counts it, the early listener does not', () => {
    const { card } = slot('live', () => trackClick({ linkId: 7, url: 'https://shop.example/7' }));
    click(card);
    expect(sendBeacon).not.toHaveBeenCalled(); // the tracker queues
    flushAnalytics();
    expect(beacons()).toEqual([{ url: '/api/analytics/events', events: [{ type: 'click', path: '/', linkId: 7 }] }]);
  });

  it('a beacon the browser refused is left to the tracker, and a later click is not taken for the early one', async () => {
    sendBeacon.mockReturnValueOnce(false);
    const { card } = slot('served', () => trackClick({ linkId: 7 }));
    click(card);
    flushAnalytics();
    expect(beacons().map(({ events }) => events)).toEqual([
      [{ type: 'click', path: '/', linkId: 7 }], // refused
      [{ type: 'click', path: '/', linkId: 7 }], // the tracker's
    ]);

    sendBeacon.mockClear();
    click(card);
    await nextTask();
    trackClick({ linkId: 7 }); // Enter on a hydrated card, say: not the early listener's click
    trackClick({ keyword: '선물추천' });
    flushAnalytics();
    expect(beacons().map(({ events }) => events)).toEqual([
      [{ type: 'click', path: '/', linkId: 7 }],
      [
        { type: 'click', path: '/', linkId: 7 },
        { type: 'click', path: '/', keyword: '선물추천' },
      ],
    ]);
  });
});

describe('the served script', () => {
  it('is under 1 KB, cannot end its element early, and the policy allows exactly it by its sha256', () => {
    expect(Buffer.byteLength(served.script)).toBeLessThan(1024);
    expect(served.script).not.toMatch(/<\/script|<!--/i);
    const digest = crypto.createHash('sha256').update(served.script, 'utf8').digest('base64');
    expect(served.hash).toBe(`'sha256-${digest}'`);
    expect(served.scriptSrc.split(' ')).toContain(served.hash);
    expect(served.scriptSrc).not.toContain('unsafe-inline');
    expect(served.tag).toBe(`<script data-ingest="/api/analytics/events">${served.script}</script>`);
  });

  it('names its ingest in an escaped attribute, and asks with the tracker’s event', () => {
    expect(served.escaped).toContain('data-ingest="https://api.example.com/a&quot;b&lt;c&gt;&amp;d/analytics/events">');
    expect(served.event).toBe(EARLY_CLICK_EVENT);
  });
});
