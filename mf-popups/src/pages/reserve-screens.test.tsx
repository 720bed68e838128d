import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { actAs } from '@linksite/platform/src/testing/act-as';
import { sent, serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { PopupRoutes } from '../routes';

/** 2030-05-10 (금) in Seoul: 19:00–21:00 open, 21:00–22:00 full, 2030-05-11 opening at 10:00. */
const slots = [
  {
    id: 7,
    cnt: '1',
    startdate: '2030-05-10T10:00:00.000Z',
    enddate: '2030-05-10T12:00:00.000Z',
    status: 'open',
    opensAt: null,
    closesAt: '2030-05-10T10:00:00.000Z',
    cancelUntil: '2030-05-09T10:00:00.000Z',
    partyMin: 1,
    partyMax: 3,
    remaining: 12,
    remainingTables: 5,
  },
  {
    id: 8,
    cnt: '2',
    startdate: '2030-05-10T12:00:00.000Z',
    enddate: '2030-05-10T13:00:00.000Z',
    status: 'full',
    opensAt: null,
    closesAt: '2030-05-10T12:00:00.000Z',
    cancelUntil: '2030-05-09T12:00:00.000Z',
    partyMin: 1,
    partyMax: 3,
    remaining: 0,
    remainingTables: 0,
  },
  {
    id: 9,
    cnt: null,
    startdate: '2030-05-11T05:00:00.000Z',
    enddate: '2030-05-11T07:00:00.000Z',
    status: 'upcoming',
    opensAt: '2030-05-11T01:00:00.000Z',
    closesAt: '2030-05-11T05:00:00.000Z',
    cancelUntil: '2030-05-10T05:00:00.000Z',
    partyMin: 1,
    partyMax: 2,
    remaining: 20,
    remainingTables: 10,
  },
];
const page = {
  info: {
    title: '봄 팝업스토어',
    place: '서울 성수동 1층',
    notice: '노쇼 시 다음 예약이 제한됩니다.',
    imagelink: null,
  },
  slots,
  now: '2030-05-01T00:00:00.000Z',
  retentionDays: 30,
  reminderHoursBefore: null as number | null,
};
const booking = {
  code: 'ABCD2345',
  status: 'booked',
  partySize: 2,
  createdAt: '2030-05-01T00:00:00.000Z',
  cancellable: true,
  slot: slots[0],
};

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
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  useTestRuntimeConfig();
  actAs('owner');
  sessionStorage.clear();
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => jest.useRealTimers());

const TICKET = 'T'.repeat(32);
/**
 * The waiting room's answer for slot 7 (docs/decisions/0074-waiting-room.md): admitted at once, or waiting with `ahead`
 * before.
 */
const place = (status: 'admitted' | 'waiting', ahead = 0, slotStatus = 'open') => ({
  ticket: TICKET,
  slotId: 7,
  status,
  ahead,
  estimateSeconds: status === 'waiting' ? 150 : null,
  admittedUntil: status === 'admitted' ? '2030-05-10T01:10:00.000Z' : null,
  pollAfterSeconds: status === 'waiting' ? 3 : null,
  slotStatus,
});
const admittedAtOnce = { 'POST /reserve/queue': () => ({ status: 201, data: { product: place('admitted') } }) };

describe('/reserve (docs/decisions/0030-popup-bookings.md)', () => {
  it('shows the popup, the slots by day with 예약 가능 (잔여 n명), 마감 and 오픈 예정 with its time', async () => {
    serve({ 'GET /reserve': () => ({ status: 200, data: { product: page } }) });
    renderAt('/reserve');
    expect(await screen.findByRole('heading', { name: '봄 팝업스토어' })).toBeInTheDocument();
    expect(screen.getByText('서울 성수동 1층')).toBeInTheDocument();
    expect(screen.getByText('노쇼 시 다음 예약이 제한됩니다.')).toBeInTheDocument();
    const day1 = screen.getByRole('region', { name: '5월 10일 (금)' });
    expect(
      within(day1)
        .getAllByTestId('slot-status')
        .map((s) => s.textContent),
    ).toEqual(['예약 가능 (잔여 12명)', '마감']);
    expect(within(day1).getAllByTestId('slot-card')[0]).toHaveTextContent('1회차오후 7:00 ~ 오후 9:00');
    const day2 = screen.getByRole('region', { name: '5월 11일 (토)' });
    expect(within(day2).getByTestId('slot-status')).toHaveTextContent('오픈 예정');
    expect(day2).toHaveTextContent('5월 11일 오전 10:00 오픈');
    // Only the open slot can be chosen.
    expect(screen.getAllByRole('button', { name: /예약하기$/ })).toHaveLength(1);
  });

  it('refreshes the remaining seats every 10 s without a reload', async () => {
    jest.useFakeTimers();
    let remaining = 12;
    const adapter = serve({
      'GET /reserve': () => ({
        status: 200,
        data: { product: { ...page, slots: [{ ...slots[0], remaining }] } },
      }),
    });
    renderAt('/reserve');
    expect(await screen.findByText('예약 가능 (잔여 12명)')).toBeInTheDocument();
    remaining = 9;
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(await screen.findByText('예약 가능 (잔여 9명)')).toBeInTheDocument();
    expect(adapter.mock.calls.filter(([r]) => r.url === '/reserve')).toHaveLength(2);
  });

  it('checks the form before sending: Korean errors beside the fields, nothing sent', async () => {
    const adapter = serve({ 'GET /reserve': () => ({ status: 200, data: { product: page } }), ...admittedAtOnce });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 오후 7:00 ~ 오후 9:00 예약하기/ }));
    expect(await screen.findByText('지금 예약할 수 있습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('selected-slot')).toHaveTextContent('5월 10일 (금) 1회차 · 오후 7:00 ~ 오후 9:00');
    expect(
      screen.getByText(/^5월 9일 오후 7:00까지 예약 확인 화면에서 직접 취소할 수 있습니다\. 연락 없이/),
    ).toBeInTheDocument();
    expect(screen.getByText('보유 기간: 방문 회차 종료 후 30일이 지나면 파기합니다.')).toBeInTheDocument();
    fireEvent.change(field('휴대폰 번호'), { target: { value: '02-123-4567' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '이름을 1자 이상 20자 이하로 입력해주세요.',
      '휴대폰 번호는 010으로 시작하는 11자리로 입력해주세요. (예: 010-1234-5678)',
      '개인정보 수집·이용에 동의해주세요.',
    ]);
    expect(field('휴대폰 번호')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(field('인원'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1명', '2명', '3명']);
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /reserve', 'POST /reserve/queue']);
    // This site sends no reminders: no email address is asked for.
    expect(screen.queryByLabelText('이메일 (선택)')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '예약 알림을 이메일로 받겠습니다' })).toBeNull();
  });

  it('asks for an optional email address with its own consent when the site sends reminders (docs/decisions/0076-calendar-and-reminders.md)', async () => {
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: { ...page, reminderHoursBefore: 24 } } }),
      ...admittedAtOnce,
      'POST /reserve/bookings': () => ({ status: 201, data: { message: '예약이 완료되었습니다.', product: booking } }),
      'GET /reserve/bookings/ABCD2345': () => ({ status: 200, data: { product: booking } }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 .* 예약하기/ }));
    await screen.findByText('지금 예약할 수 있습니다.');
    expect(screen.getByText('적어 주시면 방문 24시간 전에 예약 알림 메일을 한 번 보내드립니다.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '예약 알림 이메일 수신 동의 (선택)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        '목적: 방문 회차 시작 24시간 전에 예약 일시, 장소, 예약 번호를 알려 드리는 메일을 한 번 보냅니다.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('항목: 이메일 주소')).toBeInTheDocument();
    expect(screen.getAllByText('보유 기간: 방문 회차 종료 후 30일이 지나면 파기합니다.')).toHaveLength(2);
    fireEvent.change(field('이름'), { target: { value: '김하늘' } });
    fireEvent.change(field('휴대폰 번호'), { target: { value: '01012345678' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }));
    fireEvent.change(field('이메일 (선택)'), { target: { value: 'haneul@example' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '이메일 주소 형식이 올바르지 않습니다. (예: name@example.com)',
      '예약 알림을 이메일로 받으려면 이메일 수신에 동의해주세요.',
    ]);
    expect(field('이메일 (선택)')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field('이메일 (선택)'), { target: { value: ' haneul@example.com ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '예약 알림을 이메일로 받겠습니다' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reserve/ABCD2345'));
    const [post] = adapter.mock.calls.map(([r]) => r).filter((r) => r.url === '/reserve/bookings');
    expect(JSON.parse(post!.data as string)).toEqual({
      slotId: 7,
      name: '김하늘',
      phone: '01012345678',
      partySize: 1,
      consent: true,
      email: 'haneul@example.com',
      emailConsent: true,
    });
  });

  it('waits in the waiting room with the visitors ahead and an estimate, then lets the form be sent (docs/decisions/0074-waiting-room.md)', async () => {
    jest.useFakeTimers();
    let answer = place('waiting', 42);
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: page } }),
      'POST /reserve/queue': () => ({ status: 201, data: { product: answer } }),
      [`GET /reserve/queue/${TICKET}`]: () => ({ status: 200, data: { product: answer } }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 .* 예약하기/ }));
    const room = await screen.findByTestId('waiting-room');
    expect(room).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.getByTestId('queue-ahead')).toHaveTextContent('내 앞에 42명이 기다리고 있습니다.'),
    );
    expect(screen.getByTestId('queue-estimate')).toHaveTextContent('예상 대기 시간: 약 3분');
    // The form can be filled in meanwhile, not sent.
    fireEvent.change(field('이름'), { target: { value: '김하늘' } });
    expect(screen.getByRole('button', { name: '차례를 기다리는 중' })).toBeDisabled();

    answer = place('waiting', 0);
    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('곧 내 차례입니다.');
    answer = place('admitted');
    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('waiting-room')).toHaveTextContent('지금 예약할 수 있습니다.');
    expect(screen.getByTestId('waiting-room')).toHaveTextContent('2030년 05월 10일 오전 10:10까지 예약을 마쳐주세요.');
    expect(screen.getByRole('button', { name: '예약하기' })).toBeEnabled();
    expect(field('이름')).toHaveValue('김하늘');
    expect(sent(adapter).map((r) => r.route)).toEqual([
      'GET /reserve',
      'POST /reserve/queue',
      `GET /reserve/queue/${TICKET}`,
      `GET /reserve/queue/${TICKET}`,
    ]);
  });

  it('says at once, with focus, that the tables ran out while the visitor waited, and turns the form into the waitlist’s with what was typed (docs/decisions/0077-visitor-knows-what-happened.md)', async () => {
    jest.useFakeTimers();
    let answer = place('waiting', 5);
    let current = page;
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: current } }),
      'POST /reserve/queue': () => ({ status: 201, data: { product: answer } }),
      [`GET /reserve/queue/${TICKET}`]: () => ({ status: 200, data: { product: answer } }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 .* 예약하기/ }));
    await waitFor(() =>
      expect(screen.getByTestId('queue-ahead')).toHaveTextContent('내 앞에 5명이 기다리고 있습니다.'),
    );
    fireEvent.change(field('이름'), { target: { value: '김하늘' } });
    // The last tables went to those admitted: seats are left, tables are not.
    answer = place('waiting', 2, 'full');
    current = { ...page, slots: [{ ...slots[0]!, status: 'full', remainingTables: 0 }, ...slots.slice(1)] };
    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    const alert = await screen.findByTestId('slot-gone');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('기다리는 동안 남은 테이블이 모두 예약되었습니다.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByTestId('waiting-room')).toBeNull();
    expect(await screen.findByRole('button', { name: '빈자리 알림 신청하기' })).toBeInTheDocument();
    expect(field('이름')).toHaveValue('김하늘');
    // It read the slots again at once, and stops asking for its place (which it asked every 3 s), until the page's own
    // 10 s refresh.
    await act(async () => {
      jest.advanceTimersByTime(6_000);
    });
    expect(sent(adapter).map((r) => r.route)).toEqual([
      'GET /reserve',
      'POST /reserve/queue',
      `GET /reserve/queue/${TICKET}`,
      'GET /reserve',
    ]);
  });

  it('takes a new place, keeping what was typed, when the turn ended before the form was sent', async () => {
    const refused = '예약할 수 있는 시간이 지났습니다. 다시 대기 순서를 받아주세요.';
    let joins = 0;
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: page } }),
      'POST /reserve/queue': () => {
        joins += 1;
        return { status: 201, data: { product: joins === 1 ? place('admitted') : place('waiting', 3) } };
      },
      'POST /reserve/bookings': () => ({
        status: 409,
        data: { statusCode: 409, message: refused, errors: [{ field: 'Queue-Ticket', message: refused }] },
      }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 .* 예약하기/ }));
    await screen.findByText('지금 예약할 수 있습니다.');
    fireEvent.change(field('이름'), { target: { value: '김하늘' } });
    fireEvent.change(field('휴대폰 번호'), { target: { value: '01012345678' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    expect(
      await screen.findByText(
        '예약할 수 있는 시간이 지나 새 대기 순서를 받았습니다. 적어 둔 예약 정보는 그대로 있습니다.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('queue-ahead')).toHaveTextContent('내 앞에 3명이 기다리고 있습니다.');
    expect(field('이름')).toHaveValue('김하늘');
    expect(field('휴대폰 번호')).toHaveValue('010-1234-5678');
    expect(screen.queryByTestId('booking-error')).toBeNull();
    expect(sent(adapter).map((r) => r.route)).toEqual([
      'GET /reserve',
      'POST /reserve/queue',
      'POST /reserve/bookings',
      'POST /reserve/queue',
    ]);
  });

  it('joins the waitlist of a full slot, then takes the offered seats (docs/decisions/0075-waitlist.md)', async () => {
    const entry = (status: string, ahead = 0) => ({
      code: 'WAIT2345',
      slotId: 8,
      status,
      partySize: 2,
      ahead,
      offerExpiresAt: status === 'offered' ? '2030-05-10T09:15:00.000Z' : null,
      bookingCode: null,
      createdAt: '2030-05-10T09:00:00.000Z',
    });
    let current = entry('waiting', 3);
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: page } }),
      'POST /reserve/waitlist': () => ({
        status: 201,
        data: { message: '빈자리 알림을 신청했습니다.', product: current },
      }),
      'GET /reserve/waitlist/WAIT2345': () => ({ status: 200, data: { product: current } }),
      'POST /reserve/waitlist/WAIT2345/accept': () => ({
        status: 201,
        data: { message: '예약이 확정되었습니다.', product: booking },
      }),
      'GET /reserve/bookings/ABCD2345': () => ({ status: 200, data: { product: booking } }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /빈자리 알림 신청$/ }));
    expect(screen.getByRole('heading', { name: '빈자리 알림 신청' })).toBeInTheDocument();
    expect(screen.getByTestId('waitlist-explain')).toHaveTextContent('이 회차는 자리가 다 찼습니다.');
    // No waiting room for a full slot: nobody is admitted to it.
    expect(screen.queryByTestId('waiting-room')).toBeNull();
    fireEvent.change(field('이름'), { target: { value: '김하늘' } });
    fireEvent.change(field('휴대폰 번호'), { target: { value: '01012345678' } });
    fireEvent.change(field('인원'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '빈자리 알림 신청하기' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reserve/waitlist/WAIT2345'));
    expect(await screen.findByTestId('waitlist-state')).toHaveTextContent('내 앞에 3명이 기다리고 있습니다.');
    // One 신청 취소, beside the status it changes.
    expect(screen.getAllByRole('button', { name: '신청 취소' })).toHaveLength(1);
    expect(within(screen.getByTestId('waitlist-state')).getByRole('button', { name: '신청 취소' })).toBeInTheDocument();
    const join = adapter.mock.calls.map(([r]) => r).find((r) => r.url === '/reserve/waitlist');
    expect(JSON.parse(join!.data as string)).toEqual({
      slotId: 8,
      name: '김하늘',
      phone: '01012345678',
      partySize: 2,
      consent: true,
    });
    expect(join!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem('linksite:booking:waitlist-WAIT2345')).toBe('5678');

    // The page, opened again, finds the offer; 예약 확정하기 books and goes to the confirmation.
    current = entry('offered');
    cleanup();
    renderAt('/reserve/waitlist/WAIT2345');
    expect(await screen.findByText('빈자리가 생겼습니다!')).toBeInTheDocument();
    expect(screen.getByTestId('waitlist-state')).toHaveTextContent('5월 10일 오후 6:15까지 예약을 확정해주세요.');
    expect(screen.getAllByRole('button', { name: '신청 취소' })).toHaveLength(1);
    expect(within(screen.getByTestId('waitlist-state')).getByRole('button', { name: '신청 취소' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약 확정하기' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reserve/ABCD2345'));
    const accept = adapter.mock.calls.map(([r]) => r).find((r) => r.url === '/reserve/waitlist/WAIT2345/accept');
    expect(JSON.parse(accept!.data as string)).toEqual({ phone4: '5678' });
  });

  it('books with an Idempotency-Key and goes to the confirmation; a refusal shows in the form and reloads', async () => {
    let answer = { status: 409, data: { statusCode: 409, message: '예약이 마감되었습니다. 남은 자리가 없습니다.' } };
    const adapter = serve({
      'GET /reserve': () => ({ status: 200, data: { product: page } }),
      ...admittedAtOnce,
      'POST /reserve/bookings': () => answer,
      'GET /reserve/bookings/ABCD2345': () => ({ status: 200, data: { product: booking } }),
    });
    renderAt('/reserve');
    fireEvent.click(await screen.findByRole('button', { name: /1회차 .* 예약하기/ }));
    await screen.findByText('지금 예약할 수 있습니다.');
    fireEvent.change(field('이름'), { target: { value: ' 김하늘 ' } });
    fireEvent.change(field('휴대폰 번호'), { target: { value: '01012345678' } });
    expect(field('휴대폰 번호')).toHaveValue('010-1234-5678');
    fireEvent.change(field('인원'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용을 확인했고 개인정보 수집·이용에 동의합니다.' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    expect(await screen.findByTestId('booking-error')).toHaveTextContent(
      '예약이 마감되었습니다. 남은 자리가 없습니다.',
    );
    await waitFor(() => expect(adapter.mock.calls.filter(([r]) => r.url === '/reserve')).toHaveLength(2));

    answer = { status: 201, data: { message: '예약이 완료되었습니다.', product: booking } } as never;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예약하기' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reserve/ABCD2345'));
    const posts = adapter.mock.calls.map(([r]) => r).filter((r) => r.url === '/reserve/bookings');
    expect(JSON.parse(posts[1]!.data as string)).toEqual({
      slotId: 7,
      name: '김하늘',
      phone: '01012345678',
      partySize: 2,
      consent: true,
    });
    const keys = posts.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    // The server answered the first submit: the second is a new one with its own key.
    expect(keys[0]).not.toBe(keys[1]);
    // Through the waiting room with the admitted ticket, as this device (docs/decisions/0074-waiting-room.md).
    expect(posts[1]!.headers.get('Queue-Ticket')).toBe(TICKET);
    expect(posts[1]!.headers.get('Device-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.headers.get('Device-Id')).toBe(posts[1]!.headers.get('Device-Id'));
    expect(await screen.findByTestId('booking-code')).toHaveTextContent('ABCD2345');
    expect(sessionStorage.getItem('linksite:booking:ABCD2345')).toBe('5678');
  });
});

describe('/reserve/:code (docs/decisions/0030-popup-bookings.md)', () => {
  it('asks for the last four digits on another device, then shows the code, the QR code and the slot', async () => {
    const adapter = serve({
      'GET /reserve/bookings/ABCD2345': (request) =>
        request.params.phone4 === '5678'
          ? { status: 200, data: { product: booking } }
          : {
              status: 404,
              data: {
                statusCode: 404,
                message: '예약을 찾을 수 없습니다. 예약 번호와 휴대폰 번호 뒤 4자리를 확인해주세요.',
              },
            },
    });
    renderAt('/reserve/ABCD2345');
    expect(screen.getByRole('heading', { name: '예약 조회' })).toBeInTheDocument();
    fireEvent.change(field('휴대폰 번호 뒤 4자리'), { target: { value: '1111' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '조회' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('예약을 찾을 수 없습니다.');
    fireEvent.change(field('휴대폰 번호 뒤 4자리'), { target: { value: '5678' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '조회' })));
    expect(await screen.findByTestId('booking-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByTestId('booking-slot')).toHaveTextContent('5월 10일 (금) 1회차 · 오후 7:00 ~ 오후 9:00');
    expect(screen.getByTestId('booking-state')).toHaveTextContent('예약 완료');
    expect(screen.getByText('5월 9일 오후 7:00까지 취소 가능')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: '예약 ABCD2345 확인 주소 QR 코드' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // 캘린더에 추가 downloads the booking's .ics with the digits just given (docs/decisions/0076-calendar-and-reminders.md).
    const calendar = screen.getByRole('link', { name: '캘린더에 추가' });
    expect(calendar.getAttribute('href')).toMatch(/\/reserve\/bookings\/ABCD2345\/calendar\.ics\?phone4=5678$/);
    expect(calendar).toHaveAttribute('download', 'booking-ABCD2345.ics');
    expect(sent(adapter)).toHaveLength(2);
  });

  it('cancels with the last four digits and shows the Korean answer', async () => {
    sessionStorage.setItem('linksite:booking:ABCD2345', '5678');
    const adapter = serve({
      'GET /reserve/bookings/ABCD2345': () => ({ status: 200, data: { product: booking } }),
      'POST /reserve/bookings/ABCD2345/cancel': (request) =>
        JSON.parse(request.data as string).phone4 === '5678'
          ? {
              status: 200,
              data: {
                message: '예약이 취소되었습니다.',
                product: { ...booking, status: 'cancelled', cancellable: false },
              },
            }
          : { status: 404, data: { statusCode: 404, message: '예약을 찾을 수 없습니다.' } },
    });
    renderAt('/reserve/ABCD2345');
    fireEvent.click(await screen.findByRole('button', { name: '예약 취소' }));
    fireEvent.change(field('휴대폰 번호 뒤 4자리'), { target: { value: '12' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '취소하기' })));
    expect(screen.getByRole('alert')).toHaveTextContent('휴대폰 번호 뒤 4자리를 숫자로 입력해주세요.');
    fireEvent.change(field('휴대폰 번호 뒤 4자리'), { target: { value: '0000' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '취소하기' })));
    expect(await screen.findByTestId('cancel-result')).toHaveTextContent('예약을 찾을 수 없습니다.');
    fireEvent.change(field('휴대폰 번호 뒤 4자리'), { target: { value: '5678' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '취소하기' })));
    await waitFor(() => expect(screen.getByTestId('cancel-result')).toHaveTextContent('예약이 취소되었습니다.'));
    expect(screen.getByTestId('booking-state')).toHaveTextContent('취소됨');
    expect(screen.queryByRole('button', { name: '예약 취소' })).toBeNull();
    expect(screen.queryByRole('link', { name: '캘린더에 추가' })).toBeNull();
    expect(sent(adapter).map((r) => r.route)).toEqual([
      'GET /reserve/bookings/ABCD2345',
      'POST /reserve/bookings/ABCD2345/cancel',
      'POST /reserve/bookings/ABCD2345/cancel',
    ]);
  });
});

describe('/popup/bookings/:id, 예약자 관리 (docs/decisions/0030-popup-bookings.md)', () => {
  const slot = {
    id: 7,
    cnt: '1',
    startdate: '2030-05-10T10:00:00.000Z',
    enddate: '2030-05-10T12:00:00.000Z',
    count: 20,
    table: 10,
    bookingOpensAt: null,
    bookingClosesAt: null,
    cancelHoursBefore: 24,
    partyMin: 1,
    partyMax: 4,
    bookingEnabled: true,
    bookedPeople: 5,
    bookedTables: 2,
    remaining: 15,
    checkedInPeople: 2,
    bookingStatus: 'open',
  };
  const row = (id: number, code: string, status: string, name: string | null) => ({
    id,
    code,
    slotId: 7,
    name,
    phone: name ? `0101234${String(id).padStart(4, '0')}` : null,
    partySize: 2,
    status,
    createdAt: '2030-05-01T00:00:00.000Z',
    cancelledAt: null,
    checkedInAt: null,
    noShowAt: null,
    erased: name === null,
  });

  it('shows the counts, searches, and checks in with the server message', async () => {
    const alerts: string[] = [];
    jest.spyOn(window, 'alert').mockImplementation((m) => void alerts.push(String(m)));
    const adapter = serve({
      'GET /popup/7/bookings': (request) => ({
        status: 200,
        data: {
          product: {
            slot,
            bookings:
              request.params?.q === '0001'
                ? [row(1, 'AAAA2222', 'booked', '김하늘')]
                : [row(1, 'AAAA2222', 'booked', '김하늘'), row(2, 'BBBB3333', 'checked_in', null)],
          },
        },
      }),
      'POST /popup/bookings/1/check-in': () => ({
        status: 200,
        data: { message: '입장 확인되었습니다.', product: row(1, 'AAAA2222', 'checked_in', '김하늘') },
      }),
      'GET /popup/7/waitlist': () => ({
        status: 200,
        data: {
          product: [
            {
              id: 4,
              code: 'WAIT2345',
              slotId: 7,
              status: 'offered',
              partySize: 2,
              ahead: 0,
              offerExpiresAt: '2030-05-10T09:15:00.000Z',
              bookingCode: null,
              createdAt: '2030-05-10T09:00:00.000Z',
              name: '이서연',
              phone: '01099990000',
            },
          ],
        },
      }),
    });
    renderAt('/popup/bookings/7');
    expect(await screen.findByTestId('bookings-counts')).toHaveTextContent('예약5명잔여15명입장2명');
    const rows = screen.getAllByTestId('booking-row');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['AAAA2222', '김하늘', '010-1234-0001', '2명', '예약 완료']);
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('(파기됨)');
    fireEvent.change(field('예약 번호 또는 휴대폰 번호 뒤 4자리'), { target: { value: '0001' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '검색' })));
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'AAAA2222 입장 확인' })));
    expect(alerts).toEqual(['입장 확인되었습니다.']);
    expect(
      sent(adapter)
        .map((r) => r.route)
        .filter((route) => !route.endsWith('/waitlist')),
    ).toEqual([
      'GET /popup/7/bookings',
      'GET /popup/7/bookings',
      'POST /popup/bookings/1/check-in',
      'GET /popup/7/bookings',
    ]);
    // The slot's waitlist below its bookings (docs/decisions/0075-waitlist.md).
    expect(screen.getByTestId('waitlist-admin')).toHaveTextContent(
      'WAIT2345이서연010-9999-00002명자리 잡아 둠 · 5월 10일 오후 6:15까지명단에서 빼기',
    );
    jest.restoreAllMocks();
  });

  it('door staff see masked names and phones, with no CSV, no open/close switch and the way back to the landing', async () => {
    actAs('staff');
    serve({
      'GET /popup/7/bookings': () => ({
        status: 200,
        data: { product: { slot, bookings: [{ ...row(1, 'AAAA2222', 'booked', '김*늘'), phone: '***-****-0001' }] } },
      }),
    });
    renderAt('/popup/bookings/7');
    const [first] = await screen.findAllByTestId('booking-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['AAAA2222', '김*늘', '***-****-0001']);
    expect(screen.queryByRole('button', { name: 'CSV 내려받기' })).toBeNull();
    expect(screen.queryByRole('button', { name: /예약 (받기 )?(멈춤|열기|시작)/ })).toBeNull();
    expect(screen.getByRole('link', { name: '← 관리자 페이지' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'AAAA2222 입장 확인' })).toBeInTheDocument();
  });
});
