import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { rolesAllow, type SiteRole } from '@linksite/contract/api-rules';
import { ko, Loading, rememberReturnPath, startAuth, useAuth } from '@linksite/platform';
import { NoPermissionPage } from '../pages/no-permission-page';

/**
 * Keeps the route the visitor asked for (signing in comes back to it, issue 16 item 5), alerts
 * `로그인이 필요합니다.` once (also under StrictMode's double effects), then sends the visitor to the sign-in screen
 * `/login`, not to `/` (issue 27: DECISIONS D5 sent them home, where nothing says how to sign in).
 */
function SignedOutRedirect() {
  const alerted = useRef(false);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const asked = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (!alerted.current) {
      alerted.current = true;
      rememberReturnPath(asked);
      window.alert(ko.loginRequired);
    }
    void navigate('/login', { replace: true });
  }, [navigate, asked]);
  return null;
}

/**
 * Guard of every route except `/` and `/login` (spec §2 "Access", DECISIONS D5): starts auth if the page has not
 * yet (a visitor who never signed in here loads keycloak-js only now, issue 14 item 3), waits for the auth check
 * (`불러오는 중…`); signed out → the asked route is kept for after sign-in, alert and `/login`; signed in without a
 * site role, or without one of `roles` (the screen's roles in remotes.json; issue 27 item 1) → no-permission page.
 * Renders `children`, or the nested routes when used as a layout route.
 * @param roles who may open the screen (`owner` may open every screen); omitted: any member of the team.
 */
export function RequireAdmin({ children, roles }: { children?: ReactNode; roles?: readonly SiteRole[] }) {
  const initialized = useAuth((s) => s.initialized);
  const authenticated = useAuth((s) => s.authenticated);
  const isAdmin = useAuth((s) => s.isAdmin);
  const siteRoles = useAuth((s) => s.siteRoles);
  useEffect(() => {
    void startAuth();
  }, []);
  if (!initialized) return <Loading />;
  if (!authenticated) return <SignedOutRedirect />;
  if (!isAdmin || (roles && !rolesAllow(siteRoles, roles))) return <NoPermissionPage />;
  return children ?? <Outlet />;
}
