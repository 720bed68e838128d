import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { StorePage } from './store-page';

jest.mock('../lib/cloud-layout', () => jest.requireActual('../testing/row-cloud-layout'));

/** 120 links of the fake API; #101 alone carries `바늘`. */
const catalogue = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  pname: `상품 ${i + 1}`,
  tag: i === 100 ? '바늘' : '공통',
  tags: [i === 100 ? '바늘' : '공통'],
  link: null,
  imagelink: null,
  pcode: i,
}));

/** The fake `GET /store/page`: keyset on the index in `catalogue`, the cursor being the last index as text. */
function storePage(request: InternalAxiosRequestConfig) {
  const { limit, after, tag } = request.params as { limit: string; after?: string; tag?: string };
  const matching = catalogue.filter((link) => !tag || link.tags.includes(tag));
  const start = after === undefined ? 0 : matching.findIndex((link) => link.id === Number(after)) + 1;
  const items = matching.slice(start, start + Number(limit));
  const nextCursor = start + items.length < matching.length ? String(items[items.length - 1]!.id) : null;
  return { status: 200, data: { product: { items, nextCursor } } };
}

/** jsdom has no IntersectionObserver: this one lets a test say when the sentinel comes into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The visitor scrolled the observed element into view. */
  static scrollIntoView() {
    for (const observer of FakeObserver.instances.filter((o) => o.targets.length > 0)) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

const pageRequests = (adapter: jest.Mock) =>
  adapter.mock.calls
    .map(([request]: [InternalAxiosRequestConfig]) => request)
    .filter((request) => request.url === '/store/page')
    .map((request) => request.params as Record<string, string>);

beforeEach(() => {
  useTestRuntimeConfig();
  window.history.replaceState(null, '', '/');
  FakeObserver.instances = [];
});

afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('StorePage paged list (docs/decisions/0036-paged-public-read.md)', () => {
  it('shows the first 48, then loads the next page each time the sentinel scrolls into view', async () => {
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    const adapter = serve({
      'GET /store/page': storePage,
      'GET /tag/list': () => ({ status: 200, data: { product: [] } }),
    });
    render(<StorePage />);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(48);
    expect(pageRequests(adapter)).toEqual([{ limit: '48' }]);

    await act(async () => FakeObserver.scrollIntoView());
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(96));
    await act(async () => FakeObserver.scrollIntoView());
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(120));
    expect(pageRequests(adapter)).toEqual([
      { limit: '48' },
      { limit: '48', after: '48' },
      { limit: '48', after: '96' },
    ]);
    // The last page is in: no more button, and a further scroll asks for nothing.
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();
    await act(async () => FakeObserver.scrollIntoView());
    expect(pageRequests(adapter)).toHaveLength(3);
    expect(screen.getAllByTestId('store-card').map((card) => card.textContent)).toEqual(
      catalogue.map((link) => expect.stringContaining(link.pname) as unknown as string),
    );
  });

  it('loads the next page with the 더 보기 button where there is no IntersectionObserver', async () => {
    const adapter = serve({
      'GET /store/page': storePage,
      'GET /tag/list': () => ({ status: 200, data: { product: [] } }),
    });
    render(<StorePage />);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(48);
    const more = screen.getByRole('button', { name: '더 보기' });
    more.focus();
    fireEvent.click(more);
    // The same button stays (focus kept) while the page loads; a second press asks for nothing.
    expect(more).toHaveTextContent('불러오는 중…');
    expect(more).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(96));
    expect(pageRequests(adapter)).toEqual([{ limit: '48' }, { limit: '48', after: '48' }]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '더 보기' }));
  });

  it('keeps what it has and retries the page that failed', async () => {
    let fail = false;
    serve({
      'GET /store/page': (request) =>
        fail ? { status: 500, data: { statusCode: 500, message: '서버 오류가 발생했습니다.' } } : storePage(request),
      'GET /tag/list': () => ({ status: 200, data: { product: [] } }),
    });
    render(<StorePage />);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(48);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByTestId('store-error')).toHaveTextContent('상품 목록을 불러오지 못했습니다.');
    expect(screen.getAllByTestId('store-card')).toHaveLength(48);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(96));
  });

  it('filters on the server by the ?tag= of the address, and 전체 상품 보기 clears it', async () => {
    window.history.replaceState(null, '', '/?tag=%EB%B0%94%EB%8A%98');
    const adapter = serve({
      'GET /store/page': storePage,
      'GET /tag/list': () => ({ status: 200, data: { product: [] } }),
    });
    render(<StorePage />);
    const cards = await screen.findAllByTestId('store-card');
    expect(cards.map((card) => card.textContent)).toEqual([expect.stringContaining('상품 101')]);
    expect(screen.getByTestId('tag-filter')).toHaveTextContent('#바늘 태그가 붙은 상품만 보고 있습니다.');
    expect(pageRequests(adapter)).toEqual([{ limit: '48', tag: '바늘' }]);
    fireEvent.click(screen.getByRole('button', { name: '전체 상품 보기' }));
    await waitFor(() => expect(screen.getAllByTestId('store-card')).toHaveLength(48));
    expect(window.location.search).toBe('');
    expect(screen.queryByTestId('tag-filter')).toBeNull();
  });
});
