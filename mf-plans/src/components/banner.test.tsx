import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { bannerChanged, setSessionUser } from '@linksite/platform';
import { serve, useTestRuntimeConfig, type Answer, type Route } from '@linksite/platform/src/testing/fake-http';
import { provideFirstScreenData } from '../lib/first-screen-data';
import { Banner } from './banner';

/**
 * The banner asks for upcoming plans only (docs/decisions/0003-api-calls.md): any other plan list request is a 400
 * here.
 */
const upcomingOnly =
  (answer: () => Answer): Route =>
  (request) =>
    String(request.params?.upcoming) === '1'
      ? answer()
      : { status: 400, data: { statusCode: 400, message: 'upcoming=1 이 아닙니다.' } };

const plans = [
  { id: 1, title: '봄 신상 팝업', startdate: '2025-04-04', enddate: '2025-04-10', status: 3 },
  { id: 2, title: '라이브 방송', startdate: '2025-04-01', enddate: '2025-04-01', status: 0 },
  { id: 3, title: '굿즈 판매', startdate: '2025-03-30', enddate: '2025-04-20', status: -2 },
];

const renderBanner = () =>
  render(
    <MemoryRouter>
      <Banner />
    </MemoryRouter>,
  );

beforeEach(() => {
  setSessionUser(null);
  useTestRuntimeConfig();
});

describe('Banner', () => {
  it('shows each title with D - n or OPEN, the first two featured, on the cover image', async () => {
    serve({
      'GET /plan/list': upcomingOnly(() => ({ status: 200, data: { product: plans } })),
      'GET /cover': () => ({ status: 200, data: { product: { imagelink: '/api/images/cover1' } } }),
    });
    renderBanner();
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    const items = await screen.findAllByTestId('plan-item');
    expect(items.map((i) => i.textContent)).toEqual(['D - 3봄 신상 팝업', 'OPEN라이브 방송', 'OPEN굿즈 판매']);
    expect(screen.getAllByTestId('plan-status').map((s) => s.className)).toEqual([
      'plan-item__status plan-item__status--countdown',
      'plan-item__status plan-item__status--open',
      'plan-item__status plan-item__status--open',
    ]);
    expect(items.map((i) => i.classList.contains('plan-item--featured'))).toEqual([true, true, false]);
    expect(screen.getByText('봄 신상 팝업')).toBeInTheDocument();
    expect(screen.getByTestId('plan-banner-cover')).toHaveAttribute('src', '/api/images/cover1?w=1280');
  });

  it('still shows the plans without a cover', async () => {
    serve({
      'GET /plan/list': upcomingOnly(() => ({ status: 200, data: { product: plans.slice(0, 1) } })),
      'GET /cover': () => ({ status: 200, data: { product: null } }),
    });
    renderBanner();
    expect(await screen.findAllByTestId('plan-item')).toHaveLength(1);
    expect(screen.queryByTestId('plan-banner-cover')).toBeNull();
  });

  it('shows the error inside the banner and retries', async () => {
    let fail = true;
    const adapter = serve({
      'GET /plan/list': upcomingOnly(() =>
        fail
          ? { status: 503, data: { statusCode: 503, message: '데이터베이스에 연결할 수 없습니다.' } }
          : { status: 200, data: { product: plans } },
      ),
      'GET /cover': () => ({ status: 200, data: { product: null } }),
    });
    renderBanner();
    expect(await screen.findByTestId('plan-banner-error')).toHaveTextContent(
      '일정을 불러오지 못했습니다. 데이터베이스에 연결할 수 없습니다.',
    );
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다시 시도' })));
    expect(await screen.findAllByTestId('plan-item')).toHaveLength(3);
    expect(adapter.mock.calls.filter(([r]) => r.url === '/plan/list')).toHaveLength(2);
  });

  it('shows the cover-edit button only while sessionStorage holds user, following writes in the same tab', async () => {
    serve({
      'GET /plan/list': upcomingOnly(() => ({ status: 200, data: { product: plans } })),
      'GET /cover': () => ({ status: 200, data: { product: null } }),
    });
    renderBanner();
    await screen.findAllByTestId('plan-item');
    expect(screen.queryByTestId('cover-edit-button')).toBeNull();

    const user = { id: 1, username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };
    act(() => setSessionUser(user));
    const button = screen.getByTestId('cover-edit-button');
    expect(button).toHaveAttribute('href', '/uploadimage');
    expect(button).toHaveAccessibleName('커버 이미지 변경');
    expect(window.sessionStorage.getItem('user')).toBe(JSON.stringify(user));

    act(() => setSessionUser(null));
    expect(screen.queryByTestId('cover-edit-button')).toBeNull();

    // Door staff may not change the cover: no button.
    act(() => setSessionUser({ ...user, username: 'staff1', roles: ['staff'] }));
    expect(screen.queryByTestId('cover-edit-button')).toBeNull();
    act(() => setSessionUser({ ...user, username: 'editor1', roles: ['editor'] }));
    expect(screen.getByTestId('cover-edit-button')).toBeInTheDocument();
    act(() => setSessionUser(null));
  });

  it('fetches again after bannerChanged() from another screen, keeping the old items meanwhile', async () => {
    let current = plans.slice(0, 1);
    let cover: { imagelink: string } | null = null;
    const adapter = serve({
      'GET /plan/list': upcomingOnly(() => ({ status: 200, data: { product: current } })),
      'GET /cover': () => ({ status: 200, data: { product: cover } }),
    });
    renderBanner();
    expect(await screen.findAllByTestId('plan-item')).toHaveLength(1);

    current = plans;
    cover = { imagelink: '/api/images/new-cover' };
    act(() => bannerChanged());
    expect(screen.queryByText('불러오는 중…')).toBeNull();
    expect(screen.getAllByTestId('plan-item')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('plan-item')).toHaveLength(3));
    expect(screen.getByTestId('plan-banner-cover')).toHaveAttribute('src', '/api/images/new-cover?w=1280');
    expect(adapter.mock.calls.filter(([r]) => r.url === '/plan/list')).toHaveLength(2);
  });
});

/**
 * docs/decisions/0032-server-rendered-first-screen.md: the served `/` says whether bookings are open, so the banner's
 * link is in its markup.
 */
describe('Banner’s reservation link on the served /', () => {
  const api = (open: boolean) =>
    serve({
      'GET /reserve/status': () => ({ status: 200, data: { product: { open } } }),
      'GET /plan/list': upcomingOnly(() => ({ status: 200, data: { product: plans } })),
      'GET /cover': () => ({ status: 200, data: { product: null } }),
    });
  const reservationReads = (adapter: ReturnType<typeof serve>) =>
    adapter.mock.calls.filter(([request]) => request.url === '/reserve/status').length;

  it('is in the server’s markup and the first render when the page says bookings are open, without a read', async () => {
    provideFirstScreenData({ plans: plans.map((plan) => ({ ...plan, version: 1 })), cover: null, reserveOpen: true });
    const adapter = api(false);
    expect(
      renderToString(
        <MemoryRouter>
          <Banner />
        </MemoryRouter>,
      ),
    ).toContain('data-testid="banner-reserve-link"');
    renderBanner();
    expect(screen.getByTestId('banner-reserve-link')).toHaveAttribute('href', '/reserve');
    expect(await screen.findAllByTestId('plan-item')).toHaveLength(3);
    expect(reservationReads(adapter)).toBe(0);
  });

  it('asks the API when the page does not say', async () => {
    provideFirstScreenData({ plans: plans.map((plan) => ({ ...plan, version: 1 })), cover: null, reserveOpen: null });
    const adapter = api(true);
    renderBanner();
    expect(screen.queryByTestId('banner-reserve-link')).toBeNull();
    expect(await screen.findByTestId('banner-reserve-link')).toHaveAttribute('href', '/reserve');
    expect(reservationReads(adapter)).toBe(1);
  });
});
