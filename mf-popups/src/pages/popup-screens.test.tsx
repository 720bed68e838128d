import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { actAs } from '@linksite/platform/src/testing/act-as';
import { sent, serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { PopupRoutes } from '../routes';

const popups = [
  {
    id: 3,
    cnt: '2',
    startdate: '2025-04-05T04:30:00.000Z',
    enddate: '2025-04-05T09:00:00+00:00',
    count: 1200,
    table: 8,
    bookingOpensAt: '2025-04-01T01:00:00.000Z',
    bookingClosesAt: null,
    cancelHoursBefore: 12,
    partyMin: 1,
    partyMax: 3,
    bookingEnabled: true,
    bookedPeople: 30,
    bookedTables: 5,
    remaining: 1170,
    checkedInPeople: 4,
    bookingStatus: 'open',
  },
  {
    id: 4,
    cnt: null,
    startdate: '2025-04-06T00:00:00+09:00',
    enddate: '2025-04-06T12:00:00+09:00',
    count: 0,
    table: 0,
    bookingOpensAt: null,
    bookingClosesAt: null,
    cancelHoursBefore: 24,
    partyMin: 1,
    partyMax: 4,
    bookingEnabled: false,
    bookedPeople: 0,
    bookedTables: 0,
    remaining: 0,
    checkedInPeople: 0,
    bookingStatus: 'closed',
  },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PopupRoutes />
      <Where />
    </MemoryRouter>,
  );

let alerts: string[];

// jsdom has no ResizeObserver; react-datepicker's time list watches its height with one (layout only).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

beforeEach(() => {
  useTestRuntimeConfig();
  // The shell's guard let the owner in; tests of other roles say so.
  actAs('owner');
  alerts = [];
  jest.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
});

afterEach(() => jest.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (name: string) => act(async () => fireEvent.submit(screen.getByRole('button', { name })));

function fillValid() {
  fireEvent.change(field('시작 일시'), { target: { value: '2030년 05월 10일 오후 1:30' } });
  fireEvent.change(field('종료 일시'), { target: { value: '2030년 05월 10일 오후 6:00' } });
}

describe('팝업 예약 등록 (/popup)', () => {
  it('offers 선택 안 함 and turns 1–3, 12-hour Korean date-time pickers and whole-number fields', () => {
    serve({});
    renderAt('/popup');
    expect(screen.getByRole('heading', { name: '팝업 예약 등록' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('회차'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['선택 안 함', '1회차', '2회차', '3회차']);
    for (const label of ['인원', '예약 가능 테이블']) {
      expect(field(label)).toHaveAttribute('type', 'number');
      expect(field(label)).toHaveAttribute('min', '0');
      expect(field(label)).toHaveAttribute('step', '1');
    }
    fillValid();
    expect(field('시작 일시')).toHaveValue('2030년 05월 10일 오후 1:30');
    expect(screen.getByRole('button', { name: '등록' })).toBeInTheDocument();
  });

  it('alerts 시작일과 종료일은 필수입니다. 날짜를 선택해주세요. and sends nothing without both dates', async () => {
    const adapter = serve({});
    renderAt('/popup');
    fireEvent.change(field('시작 일시'), { target: { value: '2030년 05월 10일 오후 1:30' } });
    await submit('등록');
    expect(alerts).toEqual(['시작일과 종료일은 필수입니다. 날짜를 선택해주세요.']);
    expect(adapter).not.toHaveBeenCalled();
  });

  it.each([
    ['인원', '1.5', '인원은 0부터 100,000까지의 정수로 입력해주세요.'],
    ['인원', '-1', '인원은 0부터 100,000까지의 정수로 입력해주세요.'],
    ['예약 가능 테이블', '2.25', '예약 가능 테이블은 0부터 10,000까지의 정수로 입력해주세요.'],
    ['예약 가능 테이블', '', '예약 가능 테이블은 0부터 10,000까지의 정수로 입력해주세요.'],
  ])('refuses %s = %p before sending', async (label, value, message) => {
    const adapter = serve({});
    renderAt('/popup');
    fillValid();
    fireEvent.change(field(label), { target: { value } });
    await submit('등록');
    expect(alerts).toEqual([message]);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('keeps an end typed at or before the start as typed, says why at once, and refuses a zero-length slot', async () => {
    const adapter = serve({});
    renderAt('/popup');
    fillValid();
    // An earlier end typed in stays, and is explained.
    fireEvent.change(field('종료 일시'), { target: { value: '2030년 05월 10일 오전 9:00' } });
    fireEvent.blur(field('종료 일시'));
    expect(field('종료 일시')).toHaveValue('2030년 05월 10일 오전 9:00');
    expect(field('종료 일시')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('popup-dates-error')).toHaveTextContent('종료 일시는 시작 일시보다 늦어야 합니다.');
    // Moving the start leaves the end alone.
    fireEvent.change(field('시작 일시'), { target: { value: '2030년 05월 10일 오전 9:00' } });
    expect(field('종료 일시')).toHaveValue('2030년 05월 10일 오전 9:00');
    // 9:00 ~ 9:00 is no slot.
    await submit('등록');
    expect(alerts).toEqual(['종료 일시는 시작 일시보다 늦어야 합니다.']);
    expect(sent(adapter)).toEqual([]);
    // The picker offers every day and time: the form, not the picker, judges the range.
    fireEvent.click(field('종료 일시'));
    const dialog = await screen.findByRole('dialog', { name: '날짜와 시간 선택' });
    expect(dialog.querySelector('.react-datepicker__day--disabled')).toBeNull();
    const times = within(within(dialog).getByRole('listbox', { name: '시간' })).getAllByRole('option');
    expect(times.filter((t) => t.getAttribute('aria-disabled') === 'true')).toEqual([]);
    fireEvent.change(field('종료 일시'), { target: { value: '2030년 05월 10일 오전 9:30' } });
    expect(screen.queryByTestId('popup-dates-error')).toBeNull();
  });

  it('keeps a booking close typed before its opening and says why', async () => {
    const adapter = serve({});
    renderAt('/popup');
    fillValid();
    fireEvent.change(field('예약 오픈 일시'), { target: { value: '2030년 05월 01일 오전 10:00' } });
    fireEvent.change(field('예약 마감 일시'), { target: { value: '2030년 04월 30일 오전 10:00' } });
    fireEvent.blur(field('예약 마감 일시'));
    expect(field('예약 마감 일시')).toHaveValue('2030년 04월 30일 오전 10:00');
    expect(screen.getByTestId('popup-booking-error')).toHaveTextContent(
      '예약 마감 일시는 예약 오픈 일시보다 늦어야 합니다.',
    );
    await submit('등록');
    expect(alerts).toEqual(['예약 마감 일시는 예약 오픈 일시보다 늦어야 합니다.']);
    expect(sent(adapter)).toEqual([]);
  });

  it('sends cnt, Seoul ISO dates and whole numbers, alerts the message and goes to /popup/list (docs/decisions/0007-screen-completions.md)', async () => {
    const adapter = serve({
      'POST /popup': () => ({ status: 201, data: { message: '팝업 예약이 등록되었습니다.', product: { id: 5 } } }),
      'GET /popup/list': () => ({ status: 200, data: { product: popups } }),
    });
    renderAt('/popup');
    fireEvent.change(screen.getByLabelText('회차'), { target: { value: '3' } });
    fillValid();
    fireEvent.change(field('인원'), { target: { value: '40' } });
    fireEvent.change(field('예약 가능 테이블'), { target: { value: '6' } });
    await submit('등록');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/popup/list'));
    expect(sent(adapter)[0]).toEqual({
      route: 'POST /popup',
      body: {
        cnt: '3',
        startdate: '2030-05-10T13:30:00+09:00',
        enddate: '2030-05-10T18:00:00+09:00',
        count: 40,
        table: 6,
        bookingOpensAt: null,
        bookingClosesAt: null,
        cancelHoursBefore: 24,
        partyMin: 1,
        partyMax: 4,
        bookingEnabled: true,
      },
    });
    expect(alerts).toEqual(['팝업 예약이 등록되었습니다.']);
  });

  it('sends cnt null for 선택 안 함', async () => {
    const adapter = serve({ 'POST /popup': () => ({ status: 201, data: { message: '등록되었습니다.' } }) });
    renderAt('/popup');
    fillValid();
    await submit('등록');
    expect((sent(adapter)[0]!.body as { cnt: unknown }).cnt).toBeNull();
  });
});

describe('팝업 예약 수정 (/popup/edit/:id)', () => {
  it('pre-fills the slot in Seoul time and PUTs to /popup/update/:id, then goes to /popup/list', async () => {
    const adapter = serve({
      'GET /popup/select/3': () => ({ status: 200, data: { product: popups[0] } }),
      'PUT /popup/update/3': () => ({ status: 200, data: { message: '팝업 예약이 수정되었습니다.' } }),
      'GET /popup/list': () => ({ status: 200, data: { product: popups } }),
    });
    renderAt('/popup/edit/3');
    expect(screen.getByRole('heading', { name: '팝업 예약 수정' })).toBeInTheDocument();
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByLabelText('시작 일시')).toHaveValue('2025년 04월 05일 오후 1:30');
    expect(field('종료 일시')).toHaveValue('2025년 04월 05일 오후 6:00');
    expect(screen.getByLabelText('회차')).toHaveValue('2');
    expect(field('인원')).toHaveValue(1200);
    expect(field('예약 가능 테이블')).toHaveValue(8);
    fireEvent.change(field('인원'), { target: { value: '1300' } });
    await submit('수정');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/popup/list'));
    expect(sent(adapter)[1]).toEqual({
      route: 'PUT /popup/update/3',
      body: {
        cnt: '2',
        startdate: '2025-04-05T13:30:00+09:00',
        enddate: '2025-04-05T18:00:00+09:00',
        count: 1300,
        table: 8,
        bookingOpensAt: '2025-04-01T10:00:00+09:00',
        bookingClosesAt: null,
        cancelHoursBefore: 12,
        partyMin: 1,
        partyMax: 3,
        bookingEnabled: true,
      },
    });
    expect(alerts).toEqual(['팝업 예약이 수정되었습니다.']);
  });

  it('sends the loaded version; a 409 shows stored vs. mine, and 내 변경 적용 saves on top with the stored version (docs/decisions/0048-no-silent-overwrite.md)', async () => {
    const loaded = { ...popups[0]!, version: 4 };
    // Another administrator raised the head count meanwhile.
    const stored = { ...loaded, count: 1500, version: 5 };
    const ifMatch: unknown[] = [];
    let puts = 0;
    const adapter = serve({
      'GET /popup/select/3': () => ({ status: 200, data: { product: loaded } }),
      'PUT /popup/update/3': (request) => {
        ifMatch.push(request.headers['If-Match']);
        puts += 1;
        return puts === 1
          ? {
              status: 409,
              data: {
                statusCode: 409,
                message: '다른 관리자가 이 팝업 예약을 먼저 수정했습니다. 저장된 내용을 확인한 뒤 다시 저장해주세요.',
                product: stored,
              },
            }
          : { status: 200, data: { message: '팝업 예약이 수정되었습니다.', product: { ...stored, table: 9 } } };
      },
      'GET /popup/list': () => ({ status: 200, data: { product: popups } }),
    });
    renderAt('/popup/edit/3');
    await screen.findByLabelText('시작 일시');
    fireEvent.change(field('예약 가능 테이블'), { target: { value: '9' } });
    await submit('수정');
    const panel = await screen.findByTestId('popup-conflict');
    expect(alerts).toEqual([]);
    expect(panel).toHaveTextContent('다른 관리자가 이 팝업 예약을 먼저 수정했습니다.');
    expect(screen.getByTestId('popup-conflict-count')).toHaveTextContent('인원1,500다른 관리자가 바꿈1,200');
    expect(screen.getByTestId('popup-conflict-table')).toHaveTextContent('예약 가능 테이블89내가 바꿈');
    expect(screen.queryByTestId('popup-conflict-startdate')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '내 변경 적용' }));
    expect(screen.queryByTestId('popup-conflict')).toBeNull();
    expect(field('인원')).toHaveValue(1500);
    expect(field('예약 가능 테이블')).toHaveValue(9);
    await submit('수정');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/popup/list'));
    expect(ifMatch).toEqual(['"4"', '"5"']);
    expect(sent(adapter)[2]!.body).toMatchObject({ count: 1500, table: 9 });
    expect(alerts).toEqual(['팝업 예약이 수정되었습니다.']);
  });

  it('a 409 of the booking counts (no stored slot) is alerted, not a comparison', async () => {
    serve({
      'GET /popup/select/3': () => ({ status: 200, data: { product: { ...popups[0]!, version: 1 } } }),
      'PUT /popup/update/3': () => ({
        status: 409,
        data: { statusCode: 409, message: '이미 예약된 인원(30명)보다 인원을 적게 줄일 수 없습니다.' },
      }),
    });
    renderAt('/popup/edit/3');
    await screen.findByLabelText('시작 일시');
    fireEvent.change(field('인원'), { target: { value: '10' } });
    await submit('수정');
    await waitFor(() => expect(alerts).toEqual(['이미 예약된 인원(30명)보다 인원을 적게 줄일 수 없습니다.']));
    expect(screen.queryByTestId('popup-conflict')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/popup/edit/3');
  });
});

describe('팝업 예약 관리 (/popup/list)', () => {
  it('shows the table columns and each slot in Korean 12-hour time', async () => {
    serve({ 'GET /popup/list': () => ({ status: 200, data: { product: popups } }) });
    renderAt('/popup/list');
    expect(screen.getByRole('heading', { name: '팝업 예약 관리' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', '회차', '일정', '인원', '예약 가능 테이블', '예약 현황', '관리']);
    const rows = screen.getAllByTestId('popup-row');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '3',
      '2회차',
      '2025년 04월 05일 오후 1:30 ~ 2025년 04월 05일 오후 6:00',
      '1,200',
      '8',
      '예약 가능 (잔여 1,170명)예약 30 · 잔여 1,170 · 입장 4',
      '예약자수정삭제',
    ]);
    expect(within(rows[1]!).getByTestId('popup-row-bookings')).toHaveTextContent('마감예약 0 · 잔여 0 · 입장 0');
    expect(screen.getByRole('link', { name: '3번 팝업 예약의 예약자 목록' })).toHaveAttribute(
      'href',
      '/popup/bookings/3',
    );
    expect(screen.getByRole('link', { name: '팝업 안내 수정' })).toHaveAttribute('href', '/popup/info');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['4', '선택 안 함', '2025년 04월 06일 오전 12:00 ~ 2025년 04월 06일 오후 12:00']);
    expect(screen.getByRole('link', { name: '3번 팝업 예약 수정' })).toHaveAttribute('href', '/popup/edit/3');
    expect(screen.getByRole('link', { name: '+ 팝업 예약 등록' })).toHaveAttribute('href', '/popup');
  });

  it("shows an editor no way to visitors' bookings or to check-in (docs/decisions/0079-roles.md)", async () => {
    actAs('editor');
    serve({ 'GET /popup/list': () => ({ status: 200, data: { product: popups } }) });
    renderAt('/popup/list');
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: '3번 팝업 예약의 예약자 목록' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'QR 입장 확인' })).toBeNull();
    expect(screen.getByRole('link', { name: '3번 팝업 예약 수정' })).toHaveAttribute('href', '/popup/edit/3');
  });

  it('asks before deleting, alerts the message and loads the table again', async () => {
    let list = popups;
    const adapter = serve({
      'GET /popup/list': () => ({ status: 200, data: { product: list } }),
      'DELETE /popup/delete/3': () => {
        list = popups.slice(1);
        return { status: 200, data: { message: '팝업 예약이 삭제되었습니다.' } };
      },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/popup/list');
    await screen.findByRole('table');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '3번 팝업 예약 삭제' })));
    await waitFor(() => expect(screen.getAllByTestId('popup-row')).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith('이 팝업 예약을 삭제하시겠습니까?');
    expect(alerts).toEqual(['팝업 예약이 삭제되었습니다.']);
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /popup/list', 'DELETE /popup/delete/3', 'GET /popup/list']);
  });

  it('shows the server message when the list cannot be read', async () => {
    serve({
      'GET /popup/list': () => ({ status: 403, data: { statusCode: 403, message: '관리자 권한이 없습니다.' } }),
    });
    renderAt('/popup/list');
    expect(await screen.findByTestId('popup-list-error')).toHaveTextContent('관리자 권한이 없습니다.');
  });
});
