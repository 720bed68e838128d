import type { InternalAxiosRequestConfig } from 'axios';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { link } from '../testing/link-fixture';
import { LinkListPage } from './link-list-page';

const links = [
  link(1, '수분 크림', 0, { imagelink: '/api/images/abc', tags: ['뷰티'] }),
  link(2, '캠핑 의자', 1, { imagelink: 'https://cdn.example/chair.jpg' }),
  link(3, '텀블러', 2),
];
const reordered = (order: number[]) => order.map((id, pcode) => ({ ...links.find((l) => l.id === id)!, pcode }));

// jsdom lays nothing out: give every row a box by its position, so dnd-kit's keyboard sensor can measure.
const ROW_HEIGHT = 80;
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-testid="link-row"]');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    // dnd-kit undoes an element's own transform when it measures, so report the box with the transform applied.
    const translateY = Number(
      /translate3d\([^,]+,\s*(-?[\d.]+)px/.exec((row as HTMLElement | null)?.style.transform ?? '')?.[1] ?? 0,
    );
    const top = index * ROW_HEIGHT + translateY;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 600,
      height: ROW_HEIGHT - 8,
      right: 600,
      bottom: top + ROW_HEIGHT - 8,
      toJSON: () => ({}),
    } as DOMRect;
  });
});
afterAll(() => jest.restoreAllMocks());

let alert: jest.SpyInstance;
let confirm: jest.SpyInstance;
beforeEach(() => {
  useTestRuntimeConfig();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  confirm = jest.spyOn(window, 'confirm').mockImplementation(() => true);
});
afterEach(() => {
  alert.mockRestore();
  confirm.mockRestore();
});

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/main/list']}>
      <LinkListPage />
    </MemoryRouter>,
  );
}

const names = () => screen.getAllByTestId('link-row-name').map((el) => el.textContent);
/** The list's own requests (without the 30-day clicks it loads beside them). */
const listRoutes = (adapter: jest.Mock) =>
  sent(adapter)
    .map((r) => r.route)
    .filter((route) => route !== 'GET /analytics/links');

/** Keyboard reorder as a person does it: focus the handle, Space, arrows, Space. */
async function moveByKeyboard(handle: HTMLElement, key: 'ArrowDown' | 'ArrowUp', times: number) {
  act(() => handle.focus());
  await act(async () => {
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
  });
  await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
  for (let i = 0; i < times; i += 1) {
    // dnd-kit measures the rows in an animation frame after each step; let it before the next key.
    await act(() => new Promise((resolve) => setTimeout(resolve, 40)));
    await act(async () => {
      fireEvent.keyDown(document, { key, code: key });
    });
  }
  await act(() => new Promise((resolve) => setTimeout(resolve, 40)));
  await act(async () => {
    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
  });
}

describe('LinkListPage', () => {
  it('shows 불러오는 중… then each link with photo, name to its edit screen and a delete icon', async () => {
    serve({ 'GET /main/list': () => ({ status: 200, data: { product: links } }) });
    renderList();
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findAllByTestId('link-row')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: '링크 정보 관리' })).toBeInTheDocument();
    expect(names()).toEqual(['수분 크림', '캠핑 의자', '텀블러']);
    expect(screen.getByRole('link', { name: '수분 크림' })).toHaveAttribute('href', '/main/edit/1');
    const photos = screen.getAllByTestId('link-row-photo');
    expect(photos[0]).toHaveAttribute('src', '/api/images/abc?w=320');
    expect(photos[1]).toHaveAttribute('src', 'https://cdn.example/chair.jpg');
    expect(photos[2]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: '+ 새 링크 등록' })).toHaveAttribute('href', '/create');
  });

  it('switches between 편집 (delete icons) and 순서 변경 (drag handles)', async () => {
    serve({ 'GET /main/list': () => ({ status: 200, data: { product: links } }) });
    renderList();
    await screen.findAllByTestId('link-row');
    expect(screen.getAllByTestId('link-row-delete')).toHaveLength(3);
    expect(screen.queryAllByTestId('link-row-handle')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '편집' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    expect(screen.queryAllByTestId('link-row-delete')).toHaveLength(0);
    const handles = screen.getAllByTestId('link-row-handle');
    expect(handles).toHaveLength(3);
    expect(handles[0]).toHaveAccessibleName('수분 크림 순서 옮기기');
    expect(handles[0]).toHaveAttribute('aria-roledescription', '순서 변경 손잡이');
    expect(screen.getByRole('button', { name: '순서 변경' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: '편집' }));
    expect(screen.getAllByTestId('link-row-delete')).toHaveLength(3);
  });

  it('moves a row by keyboard at once and sends PUT /api/main/update/order/:id/:to/:from with { pcode: to }', async () => {
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: links } }),
      'PUT /main/update/order/1/2/0': () => ({
        status: 200,
        data: { message: '순서가 변경되었습니다.', product: reordered([2, 3, 1]) },
      }),
    });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    await moveByKeyboard(screen.getAllByTestId('link-row-handle')[0]!, 'ArrowDown', 2);

    await waitFor(() => expect(sent(adapter).map((r) => r.route)).toContain('PUT /main/update/order/1/2/0'));
    const request = adapter.mock.calls.find(([r]) => r.url === '/main/update/order/1/2/0')![0];
    expect(JSON.parse(request.data)).toEqual({ pcode: 2 });
    expect(names()).toEqual(['캠핑 의자', '텀블러', '수분 크림']);
    expect(await screen.findByTestId('link-list-status')).toHaveTextContent('순서가 변경되었습니다.');
    expect(alert).not.toHaveBeenCalled();
  });

  it('on 409 shows the server order instead and alerts its Korean notice', async () => {
    const serverOrder = reordered([3, 1, 2]);
    serve({
      'GET /main/list': () => ({ status: 200, data: { product: links } }),
      'PUT /main/update/order/3/1/2': () => ({
        status: 409,
        data: {
          statusCode: 409,
          message: '다른 관리자가 순서를 바꿨습니다. 최신 순서를 확인해주세요.',
          product: serverOrder,
        },
      }),
    });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    await moveByKeyboard(screen.getAllByTestId('link-row-handle')[2]!, 'ArrowUp', 1);

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('다른 관리자가 순서를 바꿨습니다. 최신 순서를 확인해주세요.'),
    );
    expect(names()).toEqual(['텀블러', '수분 크림', '캠핑 의자']);
  });

  it('puts the previous order back and alerts the message when the move fails otherwise', async () => {
    serve({
      'GET /main/list': () => ({ status: 200, data: { product: links } }),
      'PUT /main/update/order/1/1/0': () => ({
        status: 500,
        data: { statusCode: 500, message: '서버 오류가 발생했습니다.' },
      }),
    });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '순서 변경' }));
    await moveByKeyboard(screen.getAllByTestId('link-row-handle')[0]!, 'ArrowDown', 1);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('서버 오류가 발생했습니다.'));
    expect(names()).toEqual(['수분 크림', '캠핑 의자', '텀블러']);
  });

  it('deletes after the confirm, alerts the server message and loads the list again', async () => {
    let current = links;
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: current } }),
      'DELETE /main/delete/2': () => {
        current = [links[0]!, { ...links[2]!, pcode: 1 }];
        return { status: 200, data: { message: '링크가 삭제되었습니다.' } };
      },
    });
    renderList();
    await screen.findAllByTestId('link-row');
    const row = screen.getAllByTestId('link-row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: '캠핑 의자 삭제' }));
    expect(confirm).toHaveBeenCalledWith('이 링크를 삭제하시겠습니까?');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('링크가 삭제되었습니다.'));
    await waitFor(() => expect(names()).toEqual(['수분 크림', '텀블러']));
    expect(listRoutes(adapter)).toEqual(['GET /main/list', 'DELETE /main/delete/2', 'GET /main/list']);
  });

  it("sends the row's version as If-Match; a 409 deletes nothing, alerts why and shows the stored list (docs/decisions/0048-no-silent-overwrite.md)", async () => {
    let current = links;
    const renamed = { ...links[1]!, pname: '캠핑 의자 (새 모델)', version: 2 };
    const message = '다른 관리자가 이 링크를 먼저 수정했습니다. 바뀐 내용을 확인한 뒤 다시 삭제해주세요.';
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: current } }),
      'DELETE /main/delete/2': () => {
        current = [links[0]!, renamed, links[2]!];
        return { status: 409, data: { statusCode: 409, message, product: renamed } };
      },
    });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(within(screen.getAllByTestId('link-row')[1]!).getByRole('button', { name: '캠핑 의자 삭제' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    await waitFor(() => expect(names()).toEqual(['수분 크림', '캠핑 의자 (새 모델)', '텀블러']));
    const request = (adapter.mock.calls as [InternalAxiosRequestConfig][])
      .map(([config]) => config)
      .find((config) => config.method === 'delete')!;
    expect(request.headers.get('If-Match')).toBe(`"${links[1]!.version}"`);
    expect(listRoutes(adapter)).toEqual(['GET /main/list', 'DELETE /main/delete/2', 'GET /main/list']);
  });

  it('does nothing when the delete is not confirmed', async () => {
    confirm.mockImplementation(() => false);
    const adapter = serve({ 'GET /main/list': () => ({ status: 200, data: { product: links } }) });
    renderList();
    await screen.findAllByTestId('link-row');
    fireEvent.click(screen.getByRole('button', { name: '텀블러 삭제' }));
    expect(listRoutes(adapter)).toEqual(['GET /main/list']);
  });

  it('shows the Korean error with a retry', async () => {
    let fail = true;
    serve({
      'GET /main/list': () =>
        fail
          ? { status: 503, data: { statusCode: 503, message: '잠시 후 다시 시도해주세요.' } }
          : { status: 200, data: { product: links } },
    });
    renderList();
    expect(await screen.findByTestId('link-list-error')).toHaveTextContent(
      '링크 목록을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findAllByTestId('link-row')).toHaveLength(3);
  });

  it('shows a link’s 광고 표시 as a chip; none shows none (docs/decisions/0070-disclosure-label.md)', async () => {
    serve({
      'GET /main/list': () => ({
        status: 200,
        data: {
          product: [
            link(1, '딸기잼', 0, { disclosure: 'ad' }),
            link(2, '텀블러', 1),
            link(3, '캠핑 의자', 2, { disclosure: 'sponsored' }),
            link(4, '선크림', 3, { disclosure: 'affiliate' }),
          ],
        },
      }),
    });
    renderList();
    const rows = await screen.findAllByTestId('link-row');
    expect(rows.map((row) => row.querySelector('[data-testid="link-row-disclosure"]')?.textContent ?? null)).toEqual([
      '광고',
      null,
      '협찬',
      '제휴',
    ]);
  });

  describe('visibility (docs/decisions/0026-creator-features.md)', () => {
    const mixed = [
      link(1, '수분 크림', 0),
      link(2, '공동구매 잼', 1, {
        visibility: 'scheduled',
        opensInDays: 2,
        showFrom: '2026-11-22T01:00:00.000Z',
        showUntil: '2026-11-24T15:00:00.000Z',
      }),
      link(3, '단종 의자', 2, { enabled: false, visibility: 'hidden' }),
      link(4, '지난 행사', 3, { visibility: 'ended', showUntil: '2026-11-01T01:00:00.000Z' }),
    ];

    it("shows each link's state as a badge, with its window in Seoul time", async () => {
      serve({ 'GET /main/list': () => ({ status: 200, data: { product: mixed } }) });
      renderList();
      await screen.findAllByTestId('link-row');
      expect(screen.getAllByTestId('link-row-badge').map((el) => el.textContent)).toEqual([
        '공개',
        '공개 예정 D-2',
        '숨김',
        '종료',
      ]);
      expect(screen.getAllByTestId('link-row')[1]).toHaveTextContent('11월 22일 오전 10:00 ~ 11월 25일 오전 12:00');
      expect(screen.getAllByTestId('link-row')[3]).toHaveTextContent('바로 ~ 11월 1일 오전 10:00');
    });

    it('filters by state in 편집 mode, and shows every link to reorder', async () => {
      serve({ 'GET /main/list': () => ({ status: 200, data: { product: mixed } }) });
      renderList();
      await screen.findAllByTestId('link-row');
      fireEvent.change(screen.getByTestId('link-filter'), { target: { value: 'hidden' } });
      expect(names()).toEqual(['단종 의자']);
      fireEvent.change(screen.getByTestId('link-filter'), { target: { value: 'ended' } });
      expect(names()).toEqual(['지난 행사']);
      fireEvent.click(screen.getByTestId('link-mode-reorder'));
      expect(names()).toEqual(['수분 크림', '공동구매 잼', '단종 의자', '지난 행사']);
      expect(screen.queryByTestId('link-filter')).toBeNull();
    });

    it("switches a link off and on in one click, with the server's answer in the row", async () => {
      const adapter = serve({
        'GET /main/list': () => ({ status: 200, data: { product: mixed } }),
        'PUT /main/update/1': (request) => {
          const { enabled } = JSON.parse(String(request.data)) as { enabled: boolean };
          const updated = { ...mixed[0]!, enabled, visibility: enabled ? 'visible' : 'hidden' };
          return { status: 200, data: { message: '링크가 수정되었습니다.', product: updated } };
        },
      });
      renderList();
      await screen.findAllByTestId('link-row');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수분 크림 숨기기' }));
      });
      expect(sent(adapter).at(-1)).toEqual({ route: 'PUT /main/update/1', body: { enabled: false } });
      expect(screen.getAllByTestId('link-row-badge')[0]).toHaveTextContent('숨김');
      expect(screen.getByTestId('link-list-status')).toHaveTextContent('수분 크림 링크를 숨겼습니다.');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '수분 크림 공개하기' }));
      });
      expect(sent(adapter).at(-1)).toEqual({ route: 'PUT /main/update/1', body: { enabled: true } });
      expect(screen.getAllByTestId('link-row-badge')[0]).toHaveTextContent('공개');
    });
  });

  it("shows each link's 30-day clicks, and nothing when they cannot be loaded", async () => {
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: links } }),
      'GET /analytics/links': () => ({ status: 200, data: { product: [{ linkId: 1, clicks: 1234 }] } }),
    });
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('link-row-clicks')).toHaveLength(3));
    expect(screen.getAllByTestId('link-row-clicks').map((el) => el.textContent)).toEqual([
      '30일 클릭 1,234',
      '30일 클릭 0',
      '30일 클릭 0',
    ]);
    expect(adapter.mock.calls.find(([r]) => r.url === '/analytics/links')![0].params).toEqual({ days: 30 });
  });

  it('keeps the list when the clicks fail to load', async () => {
    const adapter = serve({
      'GET /main/list': () => ({ status: 200, data: { product: links } }),
      'GET /analytics/links': () => ({
        status: 503,
        data: { statusCode: 503, message: '서비스를 일시적으로 사용할 수 없습니다.' },
      }),
    });
    renderList();
    expect(await screen.findAllByTestId('link-row')).toHaveLength(3);
    await waitFor(() => expect(sent(adapter).map((r) => r.route)).toContain('GET /analytics/links'));
    await act(async () => undefined); // let the refusal settle
    expect(screen.queryByTestId('link-row-clicks')).toBeNull();
    expect(screen.queryByTestId('link-list-error')).toBeNull();
  });
});
