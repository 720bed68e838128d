import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetAuth } from '@linksite/platform';
import { ADMIN, signIn } from '../testing/sign-in';
import { SiteFooter } from './site-footer';

const renderFooter = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<SiteFooter />} />
        <Route path="/login" element={<p>로그인 화면</p>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => jest.spyOn(window, 'alert').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());
afterAll(() => resetAuth());

describe('footer administrator controls', () => {
  it('signed out: the 로그인 icon goes to /login and 관리자 starts single sign-on back through /login', async () => {
    const keycloak = await signIn(null);
    renderFooter();
    expect(screen.queryByTestId('footer-logout')).toBeNull();
    const admin = screen.getByTestId('footer-admin');
    expect(admin).toHaveAccessibleName('관리자');
    expect(admin).toHaveAttribute('title', '관리자 로그인');
    await act(async () => admin.click());
    expect(keycloak.login).toHaveBeenCalledWith({ redirectUri: 'http://localhost/login' });
    const loginLink = screen.getByTestId('footer-login');
    expect(loginLink).toHaveAccessibleName('로그인');
    expect(loginLink).toHaveAttribute('href', '/login');
    await act(async () => loginLink.click());
    expect(screen.getByText('로그인 화면')).toBeInTheDocument();
  });

  it('signed in: the 로그아웃 icon logs out and 관리자 links to /admin; the icon toggles with the sign-in', async () => {
    const keycloak = await signIn(ADMIN);
    renderFooter();
    expect(screen.queryByTestId('footer-login')).toBeNull();
    expect(screen.getByTestId('footer-admin')).toHaveAttribute('href', '/admin');
    const logoutButton = screen.getByTestId('footer-logout');
    expect(logoutButton).toHaveAccessibleName('로그아웃');
    await act(async () => logoutButton.click());
    expect(window.alert).toHaveBeenCalledWith('로그아웃 되었습니다.');
    expect(keycloak.logout).toHaveBeenCalledWith({ redirectUri: 'http://localhost/' });

    await act(async () => keycloak.clearToken());
    expect(screen.getByTestId('footer-login')).toBeInTheDocument();
    expect(screen.queryByTestId('footer-logout')).toBeNull();
  });
});
