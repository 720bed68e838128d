import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import type { AuditEntry } from '../api/list-audit';
import { periodDays } from '../lib/audit-period';
import { AuditLog } from './audit-log';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T03:05:00.000Z',
  actorSub: '6f1c2d4e-8a9b-4c3d-9e0f-123456789abc',
  actorName: 'admin',
  method: 'PUT',
  route: '/api/main/update/:id',
  entity: 'link',
  entityId: 7,
  before: { id: 7, pname: '첫 이름', version: 1 },
  after: { id: 7, pname: '새 이름', version: 2 },
  status: 200,
  requestId: 'req-1',
  title: '링크 ‘새 이름’ 수정',
  changes: [{ field: 'pname', label: '링크 이름', before: '첫 이름', after: '새 이름' }],
  ...overrides,
});

const created = entry(1, {
  method: 'POST',
  route: '/api/store/create/with-image',
  before: null,
  status: 201,
  title: '링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)',
  changes: [
    { field: 'pname', label: '링크 이름', before: null, after: '수제 딸기잼 세트' },
    { field: 'photo', label: '사진', before: null, after: '올린 사진' },
    { field: 'showFrom', label: '공개 시작', before: null, after: '2026년 11월 27일 오전 6:13' },
  ],
});

const ACTORS = {
  product: [
    { sub: '6f1c2d4e-8a9b-4c3d-9e0f-123456789abc', name: 'admin' },
    { sub: '0a1b2c3d-0000-4000-8000-00000000e017', name: 'editor' },
  ],
};

beforeEach(() => useTestRuntimeConfig());

describe('AuditLog (docs/decisions/0047-logs-metrics-audit.md, docs/decisions/0082-korean-audit-log.md)', () => {
  it("shows each entry as a card: the server's Korean title, the Seoul time, who, and the changes by their labels", async () => {
    serve({
      'GET /audit': () => ({ status: 200, data: { product: [entry(2), created], next: null } }),
      'GET /audit/actors': () => ({ status: 200, data: ACTORS }),
    });
    render(<AuditLog />);
    const items = await screen.findAllByTestId('audit-entry');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('링크 ‘새 이름’ 수정');
    expect(items[0]).toHaveTextContent('2026년 11월 20일 오후 12:05 · admin');
    expect(items[0]).toHaveTextContent('요청 번호 req-1');
    expect(within(items[0]!).getByTestId('audit-change')).toHaveTextContent('링크 이름첫 이름 → 새 이름');
    expect(within(items[1]!).getByRole('heading', { level: 3 })).toHaveTextContent(
      '링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)',
    );
    expect(
      within(items[1]!)
        .getAllByTestId('audit-change')
        .map((item) => item.textContent),
    ).toEqual(['링크 이름수제 딸기잼 세트', '사진올린 사진', '공개 시작2026년 11월 27일 오전 6:13']);
    // No raw columns, routes or English anywhere on a card.
    for (const item of items) expect(item.textContent).not.toMatch(/pname|version|\/api\/|PUT|POST|→ –/);
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it('a deletion is its title alone', async () => {
    serve({
      'GET /audit': () => ({
        status: 200,
        data: {
          product: [entry(3, { method: 'DELETE', after: null, title: '링크 ‘첫 이름’ 삭제', changes: [] })],
          next: null,
        },
      }),
    });
    render(<AuditLog />);
    const [item] = await screen.findAllByTestId('audit-entry');
    expect(item).toHaveTextContent('링크 ‘첫 이름’ 삭제');
    expect(within(item!).queryAllByTestId('audit-change')).toHaveLength(0);
  });

  it('filters by person, subject and Seoul days through the API, offers the people it lists, and clears', async () => {
    const adapter = serve({
      'GET /audit': (request) => ({
        status: 200,
        data: { product: request.params.entity === 'plan' ? [] : [entry(2)], next: null },
      }),
      'GET /audit/actors': () => ({ status: 200, data: ACTORS }),
    });
    render(<AuditLog />);
    await screen.findAllByTestId('audit-entry');
    const search = screen.getByRole('search', { name: '변경 기록 찾기' });
    const actor = within(search).getByLabelText('작업한 사람');
    await waitFor(() => expect(within(actor).getAllByRole('option')).toHaveLength(3));
    expect(
      within(actor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['모든 사람', 'admin', 'editor']);
    expect(
      within(within(search).getByLabelText('대상'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['전체', '링크', '일정', '팝업 예약', '예약', '팝업 안내', '커버', '사이트', '팀원']);

    await act(async () => {
      fireEvent.change(actor, { target: { value: '0a1b2c3d-0000-4000-8000-00000000e017' } });
    });
    await act(async () => {
      fireEvent.change(within(search).getByLabelText('대상'), { target: { value: 'plan' } });
    });
    expect(within(search).queryByLabelText('시작일')).toBeNull();
    await act(async () => {
      fireEvent.change(within(search).getByLabelText('기간'), { target: { value: 'custom' } });
    });
    await act(async () => {
      fireEvent.change(within(search).getByLabelText('시작일'), { target: { value: '2026-11-01' } });
    });
    await act(async () => {
      fireEvent.change(within(search).getByLabelText('종료일'), { target: { value: '2026-11-20' } });
    });
    expect(await screen.findByText('조건에 맞는 변경 기록이 없습니다.')).toBeInTheDocument();
    const asked = adapter.mock.calls.map(([request]) => request).filter((request) => request.url === '/audit');
    expect(asked.at(-1)!.params).toEqual({
      limit: 20,
      actor: '0a1b2c3d-0000-4000-8000-00000000e017',
      entity: 'plan',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(within(search).getByLabelText('시작일')).toHaveAttribute('max', '2026-11-20');

    await act(async () => {
      fireEvent.click(screen.getByTestId('audit-filter-clear'));
    });
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(1);
    expect(adapter.mock.calls.at(-1)![0].params).toEqual({ limit: 20 });
    expect(within(search).getByLabelText('기간')).toHaveValue('all');
    expect(within(search).queryByLabelText('시작일')).toBeNull();
  });

  it('offers 오늘, 최근 7일 and 최근 30일 as Seoul days, without typing dates', async () => {
    const adapter = serve({ 'GET /audit': () => ({ status: 200, data: { product: [entry(2)], next: null } }) });
    render(<AuditLog />);
    await screen.findAllByTestId('audit-entry');
    const periodField = screen.getByLabelText('기간');
    expect(
      within(periodField)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['전체 기간', '오늘', '최근 7일', '최근 30일', '날짜 지정']);
    await act(async () => {
      fireEvent.change(periodField, { target: { value: 'week' } });
    });
    await waitFor(() => expect(adapter.mock.calls.at(-1)![0].params).toEqual({ limit: 20, ...periodDays('week') }));
  });

  it('loads older entries with before=<next> and the same filters', async () => {
    const adapter = serve({
      'GET /audit': (request) =>
        request.params.before === 5
          ? { status: 200, data: { product: [entry(4)], next: null } }
          : { status: 200, data: { product: [entry(6), entry(5)], next: 5 } },
      'GET /audit/actors': () => ({ status: 200, data: ACTORS }),
    });
    render(<AuditLog />);
    await screen.findByTestId('audit-more');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('대상'), { target: { value: 'link' } });
    });
    await screen.findByTestId('audit-more');
    await act(async () => {
      fireEvent.click(screen.getByTestId('audit-more'));
    });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(
      adapter.mock.calls
        .map(([request]) => request)
        .filter((request) => request.url === '/audit')
        .map((r) => r.params),
    ).toEqual([{ limit: 20 }, { limit: 20, entity: 'link' }, { limit: 20, before: 5, entity: 'link' }]);
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it("shows the server's Korean message when the list cannot be read, and works without the people list", async () => {
    serve({ 'GET /audit': () => ({ status: 403, data: { statusCode: 403, message: '관리자 권한이 없습니다.' } }) });
    render(<AuditLog />);
    expect(await screen.findByRole('alert')).toHaveTextContent('관리자 권한이 없습니다.');
    expect(within(screen.getByLabelText('작업한 사람')).getAllByRole('option')).toHaveLength(1);
  });
});
