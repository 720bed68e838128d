import { act, render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { trackPageView } from '@linksite/platform';
import { isCountedPath, PageViewTracker } from './page-view-tracker';

jest.mock('@linksite/platform', () => ({ ...jest.requireActual('@linksite/platform'), trackPageView: jest.fn() }));

const tracked = trackPageView as jest.MockedFunction<typeof trackPageView>;
const router: { navigate?: NavigateFunction } = {};

function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

beforeEach(() => tracked.mockClear());

describe('page views (docs/decisions/0027-first-party-analytics.md)', () => {
  it('counts the public page, never the sign-in, administrator screens or unknown paths', () => {
    expect(isCountedPath('/')).toBe(true);
    for (const path of [
      '/login',
      '/admin',
      '/main/list',
      '/main/edit/3',
      '/create',
      '/plan/list',
      '/uploadimage',
      '/insights',
      '/nope',
    ])
      expect([path, isCountedPath(path)]).toEqual([path, false]);
  });

  it('reports each route change of a counted route once, even under StrictMode, and nothing on admin routes', () => {
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/']}>
          <PageViewTracker />
          <Navigator />
        </MemoryRouter>
      </StrictMode>,
    );
    expect(tracked.mock.calls).toEqual([['/']]);
    for (const path of ['/admin', '/main/list', '/insights', '/login', '/'])
      act(() => {
        void router.navigate!(path);
      });
    expect(tracked.mock.calls).toEqual([['/'], ['/']]);
  });
});
