import { act, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  authStarted,
  hasSignedInBefore,
  prepareAuth,
  resetAuth,
  RETURN_PATH_KEY,
  setRuntimeConfig,
  SIGNED_IN_FLAG_KEY,
} from '@linksite/platform';
import { fakeKeycloak } from '@linksite/platform/src/testing/fake-keycloak';
import { AppRoutes } from './app-routes';
import { loadRemoteComponent, RemoteModuleMissingError } from './remotes/remote-registry';
import { reloadPage } from './lib/page-reload';
import { PREPARING_CHECK_MS } from './pages/preparing-page';
import { ADMIN, EDITOR, signIn, STAFF, testConfig, VIEWER } from './testing/sign-in';

// The preparing screen loads the page again once its remote is served; jsdom cannot navigate.
jest.mock('./lib/page-reload', () => ({ reloadPage: jest.fn() }));

jest.mock('./remotes/remote-registry', () => ({
  ...jest.requireActual('./remotes/remote-registry'),
  loadRemoteComponent: jest.fn(),
}));

const loader = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

const renderAt = (path: string) =>
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );

beforeEach(() => {
  loader.mockImplementation(async (remote, module) => () => <p>{`${remote}/${module}`}</p>);
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('shell routes', () => {
  beforeEach(() => signIn(null));

  it('renders the banner and the store page on /', async () => {
    renderAt('/');
    expect(await screen.findByText('mf_plans/Banner')).toBeInTheDocument();
    expect(await screen.findByText('mf_store/StorePage')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('mf_store/StorePage')).toBeInTheDocument();
  });

  it('shows a Korean not-found page with the banner for unknown routes', async () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
    expect(await screen.findByText('mf_plans/Banner')).toBeInTheDocument();
    expect(screen.queryByText('mf_store/StorePage')).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('links the footer to home, social page and video channel in new tabs', async () => {
    renderAt('/');
    const expected = [
      ['홈페이지 (새 탭)', 'https://home.example'],
      ['소셜 미디어 페이지 (새 탭)', 'https://www.instagram.com/x'],
      ['동영상 채널 (새 탭)', 'https://www.youtube.com/@x'],
    ];
    for (const [label, href] of expected) {
      const link = screen.getByRole('link', { name: label });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await screen.findByText('mf_store/StorePage');
  });
});

describe('guard', () => {
  it('shows 불러오는 중… until the auth check has finished', async () => {
    resetAuth();
    setRuntimeConfig(testConfig);
    renderAt('/admin');
    expect(within(screen.getByRole('main')).getByText('불러오는 중…')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin');
    await screen.findByText('mf_plans/Banner');
  });

  it.each(['/admin', '/main/list', '/plan/edit/3', '/uploadimage'])(
    'alerts once and sends a signed-out visitor from %s to the sign-in screen /login (docs/decisions/0078-team-runs-the-site.md)',
    async (path) => {
      await signIn(null);
      renderAt(path);
      expect(await screen.findByTestId('sso-login-button')).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
      expect(window.alert).toHaveBeenCalledTimes(1);
      expect(window.alert).toHaveBeenCalledWith('로그인이 필요합니다.');
    },
  );

  it('shows the no-permission page, without an alert, to a user without the administrator role', async () => {
    await signIn(VIEWER);
    renderAt('/admin');
    const page = screen.getByTestId('no-permission');
    expect(within(page).getByRole('heading', { name: '접근 권한이 없습니다' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
    expect(window.alert).not.toHaveBeenCalled();
    await screen.findByText('mf_plans/Banner');
  });

  it('shows the administrator landing to an administrator', async () => {
    await signIn(ADMIN);
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: '관리자 페이지' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-links-button')).toHaveAttribute('href', '/main/list');
    expect(screen.getByTestId('admin-links-button')).toHaveTextContent('링크 정보 관리');
    expect(screen.getByTestId('admin-plans-button')).toHaveAttribute('href', '/plan/list');
    expect(screen.getByTestId('admin-plans-button')).toHaveTextContent('일정 정보 관리');
    expect(screen.getByRole('link', { name: '팝업 예약 관리' })).toHaveAttribute('href', '/popup/list');
    expect(screen.getByRole('link', { name: '커버 이미지 변경' })).toHaveAttribute('href', '/uploadimage');
    await screen.findByText('mf_plans/Banner');
  });

  it('shows each role only the screens remotes.json gives it (docs/decisions/0079-roles.md)', async () => {
    // The landing's own links (not the header's or the footer's).
    const links = () =>
      within(screen.getByRole('heading', { name: '관리자 페이지' }).closest('section')!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    await signIn(ADMIN);
    const { unmount } = renderAt('/admin');
    expect(screen.getByTestId('admin-role')).toHaveTextContent('소유자 권한으로 로그인했습니다.');
    expect(links()).toEqual(
      expect.arrayContaining(['/main/list', '/plan/list', '/popup/checkin', '/backup', '/people']),
    );
    unmount();

    await signIn(EDITOR);
    const editor = renderAt('/admin');
    expect(screen.getByTestId('admin-role')).toHaveTextContent('편집자 권한으로 로그인했습니다.');
    expect(links()).toEqual(expect.arrayContaining(['/main/list', '/plan/list', '/popup/list', '/uploadimage']));
    expect(links()).not.toEqual(expect.arrayContaining(['/backup']));
    expect(links().filter((href) => ['/backup', '/people', '/popup/checkin'].includes(href!))).toEqual([]);
    editor.unmount();

    await signIn(STAFF);
    const staff = renderAt('/admin');
    expect(screen.getByRole('link', { name: '입장 확인' })).toHaveAttribute('href', '/popup/checkin');
    expect(screen.queryByTestId('admin-links-button')).toBeNull();
    expect(links()).toEqual(['/popup/checkin']);
    staff.unmount();
  });

  it.each([
    ['staff', STAFF, '/main/list'],
    ['staff', STAFF, '/backup'],
    ['an editor', EDITOR, '/people'],
    ['an editor', EDITOR, '/popup/checkin'],
  ])('shows %s the no-permission page on a screen not theirs (%s)', async (_who, claims, path) => {
    await signIn(claims);
    renderAt(path);
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalledWith(expect.stringMatching(/^mf_(links|backup|popups)$/), 'Routes');
  });

  it('sends a user signed out by the API (second 401) from a guarded page to the sign-in screen', async () => {
    const keycloak = await signIn(ADMIN);
    renderAt('/admin');
    expect(screen.getByTestId('admin-links-button')).toBeInTheDocument();
    await act(async () => keycloak.clearToken());
    expect(await screen.findByTestId('sso-login-button')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    expect(window.alert).toHaveBeenCalledWith('로그인이 필요합니다.');
  });
});

describe('remote areas', () => {
  it('says a screen is not ready while its remote is not configured, behind the guard', async () => {
    await signIn(ADMIN);
    renderAt('/popup/list');
    expect(screen.getByTestId('coming-soon')).toHaveTextContent('준비 중인 화면입니다.');
    expect(loader).not.toHaveBeenCalledWith('mf_popups', 'Routes');
    await screen.findByText('mf_plans/Banner');
  });

  it("renders a configured remote's Routes", async () => {
    await signIn(ADMIN, {
      ...testConfig,
      remotes: { ...testConfig.remotes, mf_links: 'http://localhost:8083/remoteEntry.js' },
    });
    renderAt('/main/edit/7');
    expect(await screen.findByText('mf_links/Routes')).toBeInTheDocument();
  });

  it('while a first start prepares a remote, its screen says so and loads the page again once it is served (docs/decisions/0066-visitor-ready-first-start.md)', async () => {
    await signIn(ADMIN, { ...testConfig, preparing: ['mf_links'] });
    const reload = jest.mocked(reloadPage);
    reload.mockClear();
    let served = false;
    const fetchConfig = jest.fn(async () => ({
      json: async () => ({
        ...testConfig,
        remotes: served
          ? { ...testConfig.remotes, mf_links: 'http://localhost:8083/remoteEntry.js' }
          : testConfig.remotes,
        preparing: served ? [] : ['mf_links'],
      }),
    }));
    const realFetch = global.fetch;
    global.fetch = fetchConfig as unknown as typeof fetch;
    jest.useFakeTimers();
    loader.mockClear();
    try {
      renderAt('/main/list');
      expect(screen.getByTestId('remote-preparing')).toHaveTextContent('이 화면을 준비하고 있습니다.');
      expect(loader).not.toHaveBeenCalledWith('mf_links', 'Routes');
      await act(async () => jest.advanceTimersByTime(PREPARING_CHECK_MS));
      expect(fetchConfig).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
      expect(reload).not.toHaveBeenCalled();
      served = true;
      await act(async () => jest.advanceTimersByTime(PREPARING_CHECK_MS));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
      global.fetch = realFetch;
    }
  });

  it('says not ready when the configured remote does not expose ./Routes yet', async () => {
    loader.mockImplementation(async (remote, module) => {
      if (module === 'Routes') throw new RemoteModuleMissingError(`${remote}/${module}`);
      return () => <p>{`${remote}/${module}`}</p>;
    });
    await signIn(ADMIN);
    renderAt('/plan/list');
    expect(await screen.findByTestId('coming-soon')).toBeInTheDocument();
  });
});

describe('/login', () => {
  it('offers single sign-on back to /login', async () => {
    const keycloak = await signIn(null);
    renderAt('/login');
    expect(screen.getByRole('heading', { name: '관리자 로그인' })).toBeInTheDocument();
    await act(async () => screen.getByTestId('sso-login-button').click());
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    await screen.findByText('mf_plans/Banner');
  });

  it('sends a signed-in user to /admin', async () => {
    await signIn(ADMIN);
    renderAt('/login');
    expect(screen.getByTestId('where')).toHaveTextContent('/admin');
    expect(screen.getByTestId('admin-links-button')).toBeInTheDocument();
    await screen.findByText('mf_plans/Banner');
  });
});

describe('back to the asked route after sign-in (docs/decisions/0055-form-flow.md)', () => {
  it('keeps the route a signed-out visitor asked for, and sends them there once signed in', async () => {
    await signIn(null);
    const { unmount } = renderAt('/plan/edit/3?from=list#title');
    expect(await screen.findByTestId('sso-login-button')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('로그인이 필요합니다.');
    expect(window.sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/plan/edit/3?from=list#title');
    unmount();

    // The identity server's round trip reloads the page on /login (sessionStorage survives, the store does not).
    await signIn(ADMIN, testConfig, { keepSessionStorage: true });
    renderAt('/login');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/plan\/edit\/3$/);
    expect(await screen.findByText('mf_plans/Routes')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    await screen.findByText('mf_plans/Banner');
  });

  it.each(['https://evil.example/main/list', '//evil.example/x', '/\\evil.example', '/login', 'javascript:alert(1)'])(
    'refuses %s as the return target and lands on /admin',
    async (planted) => {
      await signIn(ADMIN);
      window.sessionStorage.setItem(RETURN_PATH_KEY, planted);
      renderAt('/login');
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin$/);
      expect(screen.getByTestId('admin-links-button')).toBeInTheDocument();
      await screen.findByText('mf_plans/Banner');
    },
  );
});

afterAll(() => resetAuth());

describe('auth starts lazily (docs/decisions/0034-visitor-loads-what-it-shows.md)', () => {
  const prepare = (who: typeof ADMIN | null) => {
    resetAuth();
    window.sessionStorage.clear();
    window.localStorage.clear();
    setRuntimeConfig(testConfig);
    const keycloak = fakeKeycloak(who);
    const factory = jest.fn(keycloak.factory);
    prepareAuth(testConfig.auth, factory);
    return { keycloak, factory };
  };

  it('a visitor who never signed in here: / creates no Keycloak instance', async () => {
    const { factory } = prepare(null);
    renderAt('/');
    expect(await screen.findByText('mf_store/StorePage')).toBeInTheDocument();
    await screen.findByText('mf_plans/Banner');
    expect(factory).not.toHaveBeenCalled();
    expect(authStarted()).toBe(false);
    expect(screen.getByTestId('footer-login')).toBeInTheDocument();
  });

  it('an admin route starts auth: 불러오는 중…, then the alert and /login for a visitor who is not signed in', async () => {
    const { factory } = prepare(null);
    renderAt('/main/list');
    expect(within(screen.getByRole('main')).getByText('불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByTestId('sso-login-button')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(window.alert).toHaveBeenCalledWith('로그인이 필요합니다.');
  });

  it('an admin route starts auth and shows the administrator landing to an administrator', async () => {
    const { factory } = prepare(ADMIN);
    renderAt('/admin');
    expect(await screen.findByTestId('admin-links-button')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(hasSignedInBefore()).toBe(true);
    await screen.findByText('mf_plans/Banner');
  });

  it('/login starts auth, and its button signs in', async () => {
    const { keycloak, factory } = prepare(null);
    renderAt('/login');
    await waitFor(() => expect(factory).toHaveBeenCalledTimes(1));
    await act(async () => screen.getByTestId('sso-login-button').click());
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    await screen.findByText('mf_plans/Banner');
  });

  it('the footer 관리자 button starts auth and single sign-on from /', async () => {
    const { keycloak, factory } = prepare(null);
    renderAt('/');
    await screen.findByText('mf_store/StorePage');
    await act(async () => screen.getByTestId('footer-admin').click());
    expect(factory).toHaveBeenCalledTimes(1);
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    await screen.findByText('mf_plans/Banner');
  });

  it('a browser that signed in here before: / runs check-sso and the footer shows 로그아웃', async () => {
    resetAuth();
    setRuntimeConfig(testConfig);
    window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    const keycloak = fakeKeycloak(ADMIN);
    await prepareAuth(testConfig.auth, keycloak.factory);
    renderAt('/');
    expect(await screen.findByTestId('footer-logout')).toBeInTheDocument();
    expect(screen.getByTestId('footer-admin')).toHaveAttribute('href', '/admin');
    await screen.findByText('mf_plans/Banner');
  });
});
