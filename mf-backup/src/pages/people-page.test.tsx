import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serve, sent, useTestRuntimeConfig } from '@linksite/platform/src/testing/fake-http';
import { PeoplePage } from './people-page';

/** An account as `GET /api/people` lists it. */
interface Account {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: string;
  status: string;
  totp: boolean;
  createdAt: string;
  invitationExpiresAt: string | null;
}

const owner: Account = {
  id: 'u-owner',
  username: 'admin',
  name: '관리자',
  email: 'admin@example.com',
  role: 'owner',
  status: 'active',
  totp: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  invitationExpiresAt: null,
};
const staff: Account = {
  id: 'u-staff',
  username: 'haneul',
  name: '김하늘',
  email: null,
  role: 'staff',
  status: 'active',
  totp: false,
  createdAt: '2026-11-02T00:00:00.000Z',
  invitationExpiresAt: null,
};

let confirm: jest.SpyInstance;
let writeText: jest.Mock;
beforeEach(() => {
  useTestRuntimeConfig();
  confirm = jest.spyOn(window, 'confirm').mockImplementation(() => true);
  writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => jest.restoreAllMocks());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/people']}>
      <PeoplePage />
    </MemoryRouter>,
  );

describe('PeoplePage', () => {
  it('lists people with role, status and two-factor sign-in in Korean', async () => {
    serve({
      'GET /people': () => ({
        status: 200,
        data: {
          product: [
            owner,
            { ...staff, status: 'invited', invitationExpiresAt: '2026-11-21T03:00:00.000Z' },
            { ...staff, id: 'u-2', username: 'bada', name: '이바다', role: 'editor', status: 'disabled' },
          ],
        },
      }),
    });
    renderPage();
    expect(screen.getByRole('heading', { name: '팀원 관리' })).toBeInTheDocument();
    const admin = await screen.findByTestId('person-admin');
    expect(admin).toHaveTextContent('관리자admin소유자사용 중2단계 인증 사용');
    expect(screen.getByTestId('person-haneul')).toHaveTextContent(
      '김하늘haneul스태프초대됨2단계 인증 안 함초대 링크 2026년 11월 21일 오후 12:00까지',
    );
    const bada = screen.getByTestId('person-bada');
    expect(bada).toHaveTextContent('이바다bada편집자사용 중지');
    expect(within(bada).getByRole('button', { name: '다시 사용' })).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: '사용 중지' })).toBeInTheDocument();
  });

  it('invites a person and shows the one-time link once, with a copy button and its expiry in Seoul time', async () => {
    let people: Account[] = [owner];
    const adapter = serve({
      'GET /people': () => ({ status: 200, data: { product: people } }),
      'POST /people/invitations': () => {
        people = [owner, { ...staff, status: 'invited', invitationExpiresAt: '2026-11-21T03:00:00.000Z' }];
        return {
          status: 201,
          data: {
            message: '초대 링크를 만들었습니다.',
            product: {
              person: people[1],
              invitation: { url: 'https://id.example/invitation/abc123', expiresAt: '2026-11-21T03:00:00.000Z' },
            },
          },
        };
      },
    });
    renderPage();
    await screen.findByTestId('person-admin');
    fireEvent.change(screen.getByLabelText('이름'), { target: { value: '김하늘' } });
    fireEvent.change(screen.getByLabelText('아이디'), { target: { value: 'haneul' } });
    fireEvent.change(screen.getByLabelText('역할'), { target: { value: 'staff' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '초대 링크 만들기' }));
    });
    const link = await screen.findByTestId('people-invitation');
    // Brought to the owner, who pressed the button below the list.
    expect(link).toHaveFocus();
    expect(within(link).getByRole('heading', { name: '김하늘 님의 초대 링크' })).toBeInTheDocument();
    expect(screen.getByTestId('people-invitation-url')).toHaveValue('https://id.example/invitation/abc123');
    expect(screen.getByTestId('people-invitation-expires')).toHaveTextContent(
      '2026년 11월 21일 오후 12:00까지 쓸 수 있습니다 (서울 시간).',
    );
    await act(async () => {
      fireEvent.click(within(link).getByRole('button', { name: '링크 복사' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://id.example/invitation/abc123');
    expect(within(link).getByRole('status')).toHaveTextContent('복사했습니다.');
    expect(sent(adapter).find((r) => r.route === 'POST /people/invitations')!.body).toEqual({
      name: '김하늘',
      username: 'haneul',
      email: null,
      role: 'staff',
    });
    expect(await screen.findByTestId('person-haneul')).toHaveTextContent('초대됨');
  });

  it('shows the server’s Korean refusal of an invitation as an alert', async () => {
    serve({
      'GET /people': () => ({ status: 200, data: { product: [owner] } }),
      'POST /people/invitations': () => ({
        status: 409,
        data: { statusCode: 409, message: '이미 사용 중인 아이디입니다.' },
      }),
    });
    renderPage();
    await screen.findByTestId('person-admin');
    fireEvent.change(screen.getByLabelText('이름'), { target: { value: '누구' } });
    fireEvent.change(screen.getByLabelText('아이디'), { target: { value: 'admin' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '초대 링크 만들기' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('이미 사용 중인 아이디입니다.');
    expect(screen.queryByTestId('people-invitation')).toBeNull();
  });

  it('asks before disabling, sends nothing when declined, then disables and changes a role', async () => {
    let current: Account = { ...staff };
    const adapter = serve({
      'GET /people': () => ({ status: 200, data: { product: [owner, current] } }),
      'PATCH /people/u-staff': (request) => {
        const body = JSON.parse(String(request.data)) as { role?: string; disabled?: boolean };
        current = {
          ...current,
          ...(body.role ? { role: body.role } : {}),
          ...(body.disabled !== undefined ? { status: body.disabled ? 'disabled' : 'active' } : {}),
        };
        const message = body.disabled ? '계정 사용을 중지했습니다.' : '계정 정보를 바꿨습니다.';
        return { status: 200, data: { message, product: current } };
      },
    });
    renderPage();
    const row = await screen.findByTestId('person-haneul');
    confirm.mockImplementationOnce(() => false);
    fireEvent.click(within(row).getByRole('button', { name: '사용 중지' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('김하늘 님의 사용을 중지할까요?'));
    expect(sent(adapter).filter((r) => r.route.startsWith('PATCH'))).toEqual([]);

    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '사용 중지' }));
    });
    await waitFor(() => expect(screen.getByTestId('person-haneul')).toHaveTextContent('사용 중지'));
    expect(screen.getByText('계정 사용을 중지했습니다.')).toBeInTheDocument();

    const again = screen.getByTestId('person-haneul');
    fireEvent.change(within(again).getByLabelText('김하늘 님의 역할'), { target: { value: 'editor' } });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: '역할 저장' }));
    });
    await waitFor(() => expect(screen.getByTestId('person-haneul')).toHaveTextContent('편집자'));
    expect(sent(adapter).filter((r) => r.route.startsWith('PATCH'))).toEqual([
      { route: 'PATCH /people/u-staff', body: { disabled: true } },
      { route: 'PATCH /people/u-staff', body: { role: 'editor' } },
    ]);
  });

  it('issues a new invitation link (password reset) for a person and shows it', async () => {
    serve({
      'GET /people': () => ({ status: 200, data: { product: [owner, staff] } }),
      'POST /people/u-staff/invitations': () => ({
        status: 201,
        data: {
          message: '새 초대 링크를 만들었습니다.',
          product: {
            person: staff,
            invitation: { url: 'https://id.example/invitation/reset9', expiresAt: '2026-11-21T03:00:00.000Z' },
          },
        },
      }),
    });
    renderPage();
    const row = await screen.findByTestId('person-haneul');
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: '새 초대 링크 (비밀번호 재설정)' }));
    });
    expect(await screen.findByTestId('people-invitation-url')).toHaveValue('https://id.example/invitation/reset9');
  });

  it('in Keycloak mode links to Keycloak’s user management instead', async () => {
    serve({
      'GET /people': () => ({
        status: 409,
        data: {
          statusCode: 409,
          message: '이 사이트의 계정은 Keycloak 에서 관리합니다.',
          product: { consoleUrl: 'https://id.example.com/admin/linksite/console/#/linksite/users' },
        },
      }),
    });
    renderPage();
    const card = await screen.findByTestId('people-keycloak');
    expect(card).toHaveTextContent('이 사이트의 계정은 Keycloak 에서 관리합니다.');
    expect(within(card).getByRole('link', { name: 'Keycloak 관리 콘솔의 사용자 화면 열기' })).toHaveAttribute(
      'href',
      'https://id.example.com/admin/linksite/console/#/linksite/users',
    );
    expect(screen.queryByRole('button', { name: '초대 링크 만들기' })).toBeNull();
  });

  it('says in Korean when the list cannot be read', async () => {
    serve({
      'GET /people': () => ({
        status: 503,
        data: { statusCode: 503, message: '계정 서버(인증 서버)에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.' },
      }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('계정 서버(인증 서버)에 연결할 수 없습니다.');
  });
});
