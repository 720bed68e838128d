import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { serve, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import type { AuditEntry } from '../api/list-audit';
import { AuditLog, changedFields } from './audit-log';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T03:05:00.000Z',
  actorSub: '6f1c2d4e-8a9b-4c3d-9e0f-123456789abc',
  actorName: 'admin',
  method: 'PUT',
  route: '/api/main/update/:id',
  entity: 'link',
  entityId: 7,
  before: { id: 7, pname: '첫 이름', pcode: 0 },
  after: { id: 7, pname: '새 이름', pcode: 0 },
  status: 200,
  requestId: 'req-1',
  ...overrides,
});

beforeEach(() => useTestRuntimeConfig());

describe('AuditLog (issue 15 item 7)', () => {
  it('lists entries newest first in Korean, with who, when, the request id and the changed fields', async () => {
    serve({
      'GET /audit': () => ({
        status: 200,
        data: { product: [entry(2), entry(1, { method: 'POST', before: null, status: 201 })], next: null },
      }),
    });
    render(<AuditLog />);
    const items = await screen.findAllByTestId('audit-entry');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('링크 #7 · 수정');
    expect(items[0]).toHaveTextContent('admin');
    expect(items[0]).toHaveTextContent('요청 번호 req-1');
    expect(items[0]).toHaveTextContent('2026. 11. 20.');
    expect(within(items[0]!).getByText('pname: "첫 이름" → "새 이름"')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('링크 #7 · 추가');
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it('loads older entries with before=<next>', async () => {
    const adapter = serve({
      'GET /audit': (request) =>
        request.params.before === 5
          ? { status: 200, data: { product: [entry(4)], next: null } }
          : { status: 200, data: { product: [entry(6), entry(5)], next: 5 } },
    });
    render(<AuditLog />);
    await screen.findByTestId('audit-more');
    await act(async () => {
      fireEvent.click(screen.getByTestId('audit-more'));
    });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(adapter.mock.calls.map(([request]) => request.params)).toEqual([{ limit: 20 }, { limit: 20, before: 5 }]);
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it("shows the server's Korean message when the list cannot be read", async () => {
    serve({ 'GET /audit': () => ({ status: 403, data: { statusCode: 403, message: '관리자 권한이 없습니다.' } }) });
    render(<AuditLog />);
    expect(await screen.findByRole('alert')).toHaveTextContent('관리자 권한이 없습니다.');
  });

  it('names only the fields that changed, ignoring updated_at', () => {
    expect(
      changedFields({ before: { a: 1, b: 2, updated_at: 'x' }, after: { a: 1, b: 3, c: null, updated_at: 'y' } }),
    ).toEqual(['b: 2 → 3', 'c: – → null']);
    expect(changedFields({ before: { a: 1 }, after: null })).toEqual(['a: 1 → –']);
  });
});
