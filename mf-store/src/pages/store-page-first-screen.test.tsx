import { render, screen, waitFor } from '@testing-library/react';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { renderToString } from 'react-dom/server';
import { provideFirstScreenData } from '../lib/first-screen-data';
import { render as renderFirstScreen } from '../server/first-screen';
import { StorePage } from './store-page';

jest.mock('../lib/cloud-layout', () => jest.requireActual('../testing/row-cloud-layout'));

/** What the link list shows the same for every card here (visible, no window). */
const shown = {
  visibility: 'visible' as const,
  enabled: true,
  disclosure: 'none' as const,
  showFrom: null,
  showUntil: null,
  opensInDays: null,
  version: 1,
};
const links = [
  {
    ...shown,
    id: 1,
    pname: '수분 크림',
    tag: '뷰티',
    tags: ['뷰티'],
    link: 'https://shop.example/1',
    imagelink: null,
    pcode: 0,
  },
  { ...shown, id: 2, pname: '캠핑 의자', tag: '캠핑', tags: ['캠핑'], link: null, imagelink: null, pcode: 1 },
];
const words = [
  { text: '뷰티', value: 1 },
  { text: '캠핑', value: 1 },
];

beforeEach(() => useTestRuntimeConfig());

/** docs/decisions/0032-server-rendered-first-screen.md: the served page's data block (docs/first-screen.md). */
describe('StorePage on the served / (first-screen data in the page)', () => {
  it('shows the inlined cards from its first render and reads neither the store nor the tags; later loads do', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-screen-data';
    // `<` as the API writes it.
    block.textContent = JSON.stringify({
      links,
      linksComplete: true,
      linksNextCursor: null,
      tags: words,
      plans: [],
      cover: null,
    }).replace(/</g, '\\u003c');
    document.body.appendChild(block);
    const http = serve({
      'GET /store/page': () => ({ status: 200, data: { product: { items: [links[0]], nextCursor: null } } }),
      'GET /tag/list': () => ({ status: 200, data: { product: words } }),
    });

    const first = render(<StorePage />);
    // No `불러오는 중…` in between: the same markup as the server's.
    expect(screen.getAllByTestId('store-card').map((card) => card.textContent)).toEqual([
      '수분 크림뷰티',
      '캠핑 의자캠핑',
    ]);
    expect(screen.queryByText('불러오는 중…')).toBeNull();
    expect(await screen.findAllByTestId('cloud-word')).toHaveLength(2);
    // (The reservation status is not in the block: it is read as before.)
    const reads = () =>
      sent(http)
        .map(({ route }) => route)
        .filter((route) => route !== 'GET /reserve/status');
    expect(reads()).toEqual([]);
    first.unmount();

    // The block serves the first load only: coming back to the page asks the API.
    render(<StorePage />);
    expect(screen.getAllByText('불러오는 중…').length).toBeGreaterThan(0);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
    expect(reads().sort()).toEqual(['GET /store/page', 'GET /tag/list']);
  });

  it('keeps the cards when React renders the first mount again before keeping it (no take in render)', () => {
    // A hydration render React was interrupted in starts again: the same mount's initializers run twice before any
    // effect. Two renders that run no effects stand for it; both must show the served cards, not `불러오는 중…`.
    provideFirstScreenData({
      links,
      linksComplete: true,
      linksNextCursor: null,
      tag: null,
      tags: words,
      reserveOpen: null,
    });
    serve({});
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const html = renderToString(<StorePage />);
      expect(html).toContain('수분 크림');
      expect(html).toContain('캠핑 의자');
      expect(html).not.toContain('불러오는 중…');
    }
  });

  it('the server render starts a disclosed card with its label: 광고 before the image and the name (docs/decisions/0070-disclosure-label.md)', () => {
    const ad = { ...links[0]!, id: 3, pname: '수제 딸기잼 세트', disclosure: 'ad' as const };
    const html = renderFirstScreen({
      links: [ad, links[1]!],
      linksComplete: true,
      linksNextCursor: null,
      tag: null,
      tags: words,
      reserveOpen: null,
    });
    const card = /<a [^>]*data-testid="store-card"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? '';
    const text = card.replace(/<[^>]+>/g, '');
    expect(text.startsWith('광고 · 수제 딸기잼 세트')).toBe(true);
    expect(card.indexOf('광고')).toBeLessThan(card.indexOf('store-card__media'));
    // A card without one starts with its name, as before.
    expect(html).not.toMatch(/(협찬|제휴)/);
    expect(html.match(/store-card__disclosure"/g)).toHaveLength(1);
  });

  describe('served for /?tag=캠핑 (GET /api/site/first-screen?tag=)', () => {
    const tagged = {
      links: [links[1]!],
      linksComplete: true,
      linksNextCursor: null,
      tag: '캠핑',
      tags: words,
      reserveOpen: null,
    };
    beforeEach(() => window.history.pushState(null, '', '/?tag=%EC%BA%A0%ED%95%91'));
    afterEach(() => window.history.pushState(null, '', '/'));

    it('the server renders the filter and that tag’s cards', () => {
      provideFirstScreenData(tagged);
      serve({});
      const html = renderToString(<StorePage />);
      expect(html).toContain('data-testid="tag-filter"');
      expect(html).toContain('캠핑 의자');
      expect(html).not.toContain('수분 크림');
    });

    it('the browser shows the same from its first render and reads no page of links', async () => {
      provideFirstScreenData(tagged);
      const http = serve({ 'GET /tag/list': () => ({ status: 200, data: { product: words } }) });
      render(<StorePage />);
      expect(screen.getByTestId('tag-filter')).toBeTruthy();
      expect(screen.getAllByTestId('store-card').map((card) => card.textContent)).toEqual(['캠핑 의자캠핑']);
      expect(await screen.findAllByTestId('cloud-word')).toHaveLength(2);
      expect(sent(http).some(({ route }) => route === 'GET /store/page')).toBe(false);
    });

    it('links served for every tag are not shown as the filter’s: the list reads its own page', async () => {
      provideFirstScreenData({ ...tagged, links, tag: null });
      const http = serve({
        'GET /store/page': () => ({ status: 200, data: { product: { items: [links[1]], nextCursor: null } } }),
        'GET /tag/list': () => ({ status: 200, data: { product: words } }),
      });
      render(<StorePage />);
      expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
      expect(screen.getByTestId('store-card').textContent).toBe('캠핑 의자캠핑');
      expect(sent(http).some(({ route }) => route === 'GET /store/page')).toBe(true);
    });
  });

  describe('its reservation link (docs/decisions/0030-popup-bookings.md), from the page’s reserveOpen', () => {
    const everyLink = { links, linksComplete: true, linksNextCursor: null, tag: null, tags: words };
    const reservationReads = (http: ReturnType<typeof serve>) =>
      sent(http).filter(({ route }) => route === 'GET /reserve/status').length;
    const api = () =>
      serve({
        'GET /reserve/status': () => ({ status: 200, data: { product: { open: false } } }),
        'GET /tag/list': () => ({ status: 200, data: { product: words } }),
      });

    it('is in the server’s markup and the first render without a read; a later visit asks the API', async () => {
      provideFirstScreenData({ ...everyLink, reserveOpen: true });
      const http = api();
      expect(renderToString(<StorePage />)).toContain('data-testid="store-reserve-link"');
      const first = render(<StorePage />);
      expect(screen.getByTestId('store-reserve-link')).toHaveAttribute('href', '/reserve');
      await screen.findAllByTestId('cloud-word');
      expect(reservationReads(http)).toBe(0);
      first.unmount();

      // The page's answer served the first visit only: the API, which now says closed, is asked.
      render(<StorePage />);
      await waitFor(() => expect(reservationReads(http)).toBe(1));
      expect(screen.queryByTestId('store-reserve-link')).toBeNull();
    });

    it('is not there when the page says bookings are closed, and nothing is read for it', async () => {
      provideFirstScreenData({ ...everyLink, reserveOpen: false });
      const http = api();
      expect(renderToString(<StorePage />)).not.toContain('store-reserve-link');
      render(<StorePage />);
      await screen.findAllByTestId('cloud-word');
      expect(screen.queryByTestId('store-reserve-link')).toBeNull();
      expect(reservationReads(http)).toBe(0);
    });
  });
});
