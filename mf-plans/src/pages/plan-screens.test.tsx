import type { InternalAxiosRequestConfig } from 'axios';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { format } from 'date-fns';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { bannerRefreshStore, seoulToday } from '@linksite/platform';
import { PlanRoutes } from '../routes';
import { sent, serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';

const plans = [
  { id: 7, title: '봄 신상 팝업', startdate: '2025-04-04', enddate: '2025-04-10', status: 3, version: 1 },
  { id: 8, title: '라이브 방송', startdate: '2025-04-01', enddate: '2025-04-01', status: 0, version: 1 },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PlanRoutes />
      <Where />
    </MemoryRouter>,
  );

const ko = (date: Date) => format(date, 'yyyy년 MM월 dd일');
let alerts: string[];

beforeEach(() => {
  useTestRuntimeConfig();
  alerts = [];
  jest.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
});

afterEach(() => jest.restoreAllMocks());

describe('일정 등록 (/plan)', () => {
  it('starts with both dates today in Asia/Seoul, in Korean year-month-day form, and a required title', () => {
    serve({});
    renderAt('/plan');
    expect(screen.getByRole('heading', { name: '일정 등록' })).toBeInTheDocument();
    expect(screen.getByLabelText('시작일')).toHaveValue(ko(seoulToday()));
    expect(screen.getByLabelText('종료일')).toHaveValue(ko(seoulToday()));
    expect(screen.getByLabelText('내용')).toBeRequired();
  });

  it('alerts 필수 값을 입력해주세요. and sends nothing when a date is missing', async () => {
    const adapter = serve({});
    renderAt('/plan');
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '봄 팝업' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '' } });
    expect(screen.getByLabelText('종료일')).toHaveValue('');
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '등록' })));
    expect(alerts).toEqual(['필수 값을 입력해주세요.']);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('keeps an end typed before the start as typed, says why at once, and refuses it with docs/product.md#5-validation alert', async () => {
    const adapter = serve({});
    renderAt('/plan');
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2030년 05월 10일' } });
    // The end nobody chose yet follows the start.
    expect(screen.getByLabelText('종료일')).toHaveValue('2030년 05월 10일');
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2030년 05월 08일' } });
    fireEvent.blur(screen.getByLabelText('종료일'));
    expect(screen.getByLabelText('종료일')).toHaveValue('2030년 05월 08일');
    expect(screen.getByLabelText('종료일')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('plan-dates-error')).toHaveTextContent('종료일은 시작일보다 빠를 수 없습니다.');
    // A start moved after a chosen end leaves the end alone.
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2030년 05월 12일' } });
    expect(screen.getByLabelText('종료일')).toHaveValue('2030년 05월 08일');
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '여름 팝업' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '등록' })));
    expect(alerts).toEqual(['종료일은 시작일보다 빠를 수 없습니다.']);
    expect(sent(adapter)).toEqual([]);
    // Every day can be picked: the form, not the picker, judges the range.
    fireEvent.click(screen.getByLabelText('종료일'));
    const dialog = await screen.findByRole('dialog', { name: '날짜 선택' });
    expect(dialog.querySelector('.react-datepicker__day--disabled')).toBeNull();
    expect(dialog).toHaveTextContent('2030년 5월');
    // Corrected, the message goes.
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2030년 05월 14일' } });
    expect(screen.queryByTestId('plan-dates-error')).toBeNull();
    expect(screen.getByLabelText('종료일')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a missing title with the Korean message, not a browser bubble', async () => {
    const adapter = serve({});
    renderAt('/plan');
    expect(screen.getByLabelText('내용').closest('form')).toHaveAttribute('novalidate');
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '등록' })));
    expect(alerts).toEqual(['필수 값을 입력해주세요.']);
    expect(sent(adapter)).toEqual([]);
  });

  it('sends YYYY-MM-DD dates and the title, alerts the message, tells the banner and goes to /plan/list', async () => {
    const adapter = serve({
      'POST /plan': () => ({ status: 201, data: { message: '일정이 등록되었습니다.', product: { id: 9 } } }),
      'GET /plan/list': () => ({ status: 200, data: { product: plans } }),
    });
    const before = bannerRefreshStore.getState().version;
    renderAt('/plan');
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2030년 05월 10일' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2030년 05월 12일' } });
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '  여름 팝업  ' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '등록' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/plan/list'));
    expect(sent(adapter)[0]).toEqual({
      route: 'POST /plan',
      body: { startdate: '2030-05-10', enddate: '2030-05-12', title: '여름 팝업' },
    });
    expect(alerts).toEqual(['일정이 등록되었습니다.']);
    expect(bannerRefreshStore.getState().version).toBe(before + 1);
  });

  it('shows the server message and stays when the API refuses', async () => {
    serve({
      'POST /plan': () => ({ status: 400, data: { statusCode: 400, message: '제목은 200자 이하여야 합니다.' } }),
    });
    renderAt('/plan');
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '제목' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '등록' })));
    expect(alerts).toEqual(['제목은 200자 이하여야 합니다.']);
    expect(screen.getByTestId('where')).toHaveTextContent('/plan');
  });
});

describe('일정 수정 (/plan/edit/:id)', () => {
  it('shows 불러오는 중… until the plan loads, then the filled form; saving PUTs and returns to the list', async () => {
    const adapter = serve({
      'GET /plan/select/7': () => ({ status: 200, data: { product: plans[0] } }),
      'PUT /plan/update/7': () => ({ status: 200, data: { message: '일정이 수정되었습니다.' } }),
      'GET /plan/list': () => ({ status: 200, data: { product: plans } }),
    });
    renderAt('/plan/edit/7');
    expect(screen.getByRole('heading', { name: '일정 수정' })).toBeInTheDocument();
    expect(screen.getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByLabelText('시작일')).toHaveValue('2025년 04월 04일');
    expect(screen.getByLabelText('종료일')).toHaveValue('2025년 04월 10일');
    expect(screen.getByLabelText('내용')).toHaveValue('봄 신상 팝업');
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '수정' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/plan/list'));
    expect(sent(adapter)[1]).toEqual({
      route: 'PUT /plan/update/7',
      body: { startdate: '2025-04-04', enddate: '2025-04-10', title: '봄 신상 팝업', version: 1 },
    });
    expect(alerts).toEqual(['일정이 수정되었습니다.']);
  });

  it('a save another administrator overtook (409, docs/decisions/0048-no-silent-overwrite.md): stored vs mine, then 내 변경 적용 saves both', async () => {
    const theirs = { ...plans[0]!, enddate: '2025-04-12', version: 2 };
    let puts = 0;
    const adapter = serve({
      'GET /plan/select/7': () => ({ status: 200, data: { product: plans[0] } }),
      'PUT /plan/update/7': () =>
        ++puts === 1
          ? {
              status: 409,
              data: { statusCode: 409, message: '다른 관리자가 이 일정을 먼저 수정했습니다.', product: theirs },
            }
          : { status: 200, data: { message: '일정이 수정되었습니다.', product: { ...theirs, version: 3 } } },
      'GET /plan/list': () => ({ status: 200, data: { product: plans } }),
    });
    renderAt('/plan/edit/7');
    fireEvent.change(await screen.findByLabelText('내용'), { target: { value: '봄 신상 팝업 (연장)' } });
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '수정' })));
    const panel = await screen.findByTestId('plan-conflict');
    expect(panel).toHaveTextContent('다른 관리자가 이 일정을 먼저 수정했습니다.');
    expect(screen.getByTestId('plan-conflict-enddate')).toHaveTextContent(
      '종료일2025-04-12다른 관리자가 바꿈2025-04-10',
    );
    expect(screen.getByTestId('plan-conflict-title')).toHaveTextContent('봄 신상 팝업 (연장)내가 바꿈');
    expect(screen.queryByTestId('plan-conflict-startdate')).toBeNull();
    expect(alerts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '내 변경 적용' }));
    expect(screen.getByLabelText('종료일')).toHaveValue('2025년 04월 12일');
    expect(screen.getByLabelText('내용')).toHaveValue('봄 신상 팝업 (연장)');
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: '수정' })));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/plan/list'));
    expect(sent(adapter).filter((r) => r.route === 'PUT /plan/update/7')[1]).toEqual({
      route: 'PUT /plan/update/7',
      body: { startdate: '2025-04-04', enddate: '2025-04-12', title: '봄 신상 팝업 (연장)', version: 2 },
    });
    expect(alerts).toEqual(['일정이 수정되었습니다.']);
  });
});

describe('일정 정보 관리 (/plan/list)', () => {
  it('lists startdate ~ enddate and the title with 수정 and a delete icon, and links to /plan', async () => {
    serve({ 'GET /plan/list': () => ({ status: 200, data: { product: plans } }) });
    renderAt('/plan/list');
    expect(screen.getByRole('heading', { name: '일정 정보 관리' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('plan-row');
    expect(rows.map((row) => screen.getAllByTestId('plan-row-dates')[rows.indexOf(row)]!.textContent)).toEqual([
      '2025년 04월 04일 ~ 2025년 04월 10일',
      '2025년 04월 01일 ~ 2025년 04월 01일',
    ]);
    expect(rows[0]).toHaveTextContent('봄 신상 팝업');
    expect(screen.getByRole('link', { name: '봄 신상 팝업 수정' })).toHaveAttribute('href', '/plan/edit/7');
    expect(screen.getByRole('link', { name: '봄 신상 팝업 수정' })).toHaveTextContent('수정');
    expect(screen.getByRole('button', { name: '봄 신상 팝업 삭제' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ 일정 등록' })).toHaveAttribute('href', '/plan');
  });

  it('asks before deleting, alerts the message and loads the list again', async () => {
    let list = plans;
    const adapter = serve({
      'GET /plan/list': () => ({ status: 200, data: { product: list } }),
      'DELETE /plan/delete/7': () => {
        list = plans.slice(1);
        return { status: 200, data: { message: '일정이 삭제되었습니다.' } };
      },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAt('/plan/list');
    await screen.findAllByTestId('plan-row');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '봄 신상 팝업 삭제' })));
    expect(confirm).toHaveBeenLastCalledWith('이 일정을 삭제하시겠습니까?');
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /plan/list']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '봄 신상 팝업 삭제' })));
    await waitFor(() => expect(screen.getAllByTestId('plan-row')).toHaveLength(1));
    expect(alerts).toEqual(['일정이 삭제되었습니다.']);
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /plan/list', 'DELETE /plan/delete/7', 'GET /plan/list']);
    const deleted = (adapter.mock.calls as [InternalAxiosRequestConfig][]).find(([c]) => c.method === 'delete')![0];
    expect(deleted.headers.get('If-Match')).toBe('"1"');
  });

  it('a delete another administrator overtook (409, docs/decisions/0048-no-silent-overwrite.md) deletes nothing, says why, reloads the list', async () => {
    const message = '다른 관리자가 이 일정을 먼저 수정했습니다. 바뀐 내용을 확인한 뒤 다시 삭제해주세요.';
    let list = plans;
    const adapter = serve({
      'GET /plan/list': () => ({ status: 200, data: { product: list } }),
      'DELETE /plan/delete/7': () => {
        list = [{ ...plans[0]!, title: '봄 신상 팝업 (연장)', version: 2 }, plans[1]!];
        return { status: 409, data: { statusCode: 409, message, product: list[0] } };
      },
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/plan/list');
    await screen.findAllByTestId('plan-row');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '봄 신상 팝업 삭제' })));
    await screen.findByRole('button', { name: '봄 신상 팝업 (연장) 삭제' });
    expect(alerts).toEqual([message]);
    expect(sent(adapter).map((r) => r.route)).toEqual(['GET /plan/list', 'DELETE /plan/delete/7', 'GET /plan/list']);
  });
});
