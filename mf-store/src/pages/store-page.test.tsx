import { act, fireEvent, render, screen } from '@testing-library/react';
import { trackClick } from '@linksite/platform';
import { serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { StorePage } from './store-page';

jest.mock('@linksite/platform', () => ({ ...jest.requireActual('@linksite/platform'), trackClick: jest.fn() }));

jest.mock('../lib/cloud-layout', () => jest.requireActual('../testing/row-cloud-layout'));

const products = [
  {
    id: 1,
    pname: '수분 크림',
    tag: '뷰티/스킨케어',
    tags: [],
    link: 'https://shop.example/1',
    imagelink: null,
    pcode: 0,
  },
  { id: 2, pname: '캠핑 의자', tag: '캠핑', tags: [], link: null, imagelink: null, pcode: 1 },
];
const words = [
  { text: '뷰티', value: 5 },
  { text: '캠핑', value: 1 },
];

beforeEach(() => useTestRuntimeConfig());

describe('StorePage', () => {
  it('shows 불러오는 중… then the cards and the keyword cloud', async () => {
    serve({
      'GET /store/page': () => ({ status: 200, data: { product: { items: products, nextCursor: null } } }),
      'GET /tag/list': () => ({ status: 200, data: { product: words } }),
    });
    render(<StorePage />);
    expect(screen.getAllByText('불러오는 중…').length).toBeGreaterThan(0);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '인기 키워드' })).toBeInTheDocument();
    const cloudWords = await screen.findAllByTestId('cloud-word');
    expect(cloudWords.map((w) => [w.textContent, w.getAttribute('font-size')])).toEqual([
      ['뷰티', '40'],
      ['캠핑', '20'],
    ]);
  });

  it('opens a web search in a new tab when a word is clicked or Enter is pressed', async () => {
    serve({
      'GET /store/page': () => ({ status: 200, data: { product: { items: [], nextCursor: null } } }),
      'GET /tag/list': () => ({ status: 200, data: { product: words } }),
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    render(<StorePage />);
    const [first] = await screen.findAllByTestId('cloud-word');
    fireEvent.click(first!);
    expect(open).toHaveBeenCalledWith('https://search.example/?q=%EB%B7%B0%ED%8B%B0', '_blank', 'noopener,noreferrer');
    fireEvent.keyDown(first!, { key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(2);
    // Each opened search is reported as a keyword click, after the tab opened.
    expect((trackClick as jest.Mock).mock.calls).toEqual([[{ keyword: '뷰티' }], [{ keyword: '뷰티' }]]);
    open.mockRestore();
  });

  it('shows the Korean error with a retry that loads again', async () => {
    let fail = true;
    const adapter = serve({
      'GET /store/page': () =>
        fail
          ? { status: 500, data: { statusCode: 500, message: '서버 오류가 발생했습니다.' } }
          : { status: 200, data: { product: { items: products, nextCursor: null } } },
      'GET /tag/list': () => ({ status: 200, data: { product: [] } }),
    });
    render(<StorePage />);
    const notice = await screen.findByTestId('store-error');
    expect(notice).toHaveTextContent('상품 목록을 불러오지 못했습니다. 서버 오류가 발생했습니다.');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다시 시도' })));
    expect(await screen.findAllByTestId('store-card')).toHaveLength(2);
    expect(adapter.mock.calls.filter(([r]) => r.url === '/store/page')).toHaveLength(2);
  });

  it('links to /reserve (팝업 예약하기) while a popup slot takes bookings, and not otherwise (docs/decisions/0030-popup-bookings.md)', async () => {
    let open = true;
    serve({
      'GET /store/page': () => ({ status: 200, data: { product: { items: products, nextCursor: null } } }),
      'GET /tag/list': () => ({ status: 200, data: { product: words } }),
      'GET /reserve/status': () => ({ status: 200, data: { product: { open } } }),
    });
    const { unmount } = render(<StorePage />);
    expect(await screen.findByRole('link', { name: '팝업 예약하기' })).toHaveAttribute('href', '/reserve');
    unmount();
    open = false;
    render(<StorePage />);
    expect(await screen.findAllByTestId('store-card')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: '팝업 예약하기' })).toBeNull();
  });
});
