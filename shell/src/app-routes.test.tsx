import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setRuntimeConfig } from '@linksite/platform';
import { AppRoutes } from './app-routes';
import { loadRemoteComponent } from './remotes/remote-registry';

jest.mock('./remotes/remote-registry', () => ({ loadRemoteComponent: jest.fn() }));

const loader = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: '/api',
    remotes: { mf_store: 'http://localhost:8081/remoteEntry.js', mf_plans: 'http://localhost:8082/remoteEntry.js' },
    searchUrl: 'https://search.example/?q={keyword}',
    footer: { home: 'https://home.example', social: 'https://www.instagram.com/x', video: 'https://www.youtube.com/@x' },
    analyticsId: null,
    auth: { mode: 'oidc', url: 'http://localhost:8090', clientId: 'linksite-shell', autoRefresh: true, adminRole: 'admin' },
  });
  loader.mockImplementation(async (remote, module) => () => <p>{`${remote}/${module}`}</p>);
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('shell routes', () => {
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
