import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { rolesAllow, type SiteRole } from '@linksite/contract/api-rules';
import { ko, Loading, rememberReturnPath, startAuth, useAuth } from '@linksite/platform';
import { NoPermissionPage } from '../pages/no-permission-page';

/**
 * Keeps the route the visitor asked for (signing in comes back to it, docs/decisions/0055-form-flow.md), alerts
 * `로그인이 필요합니다.` once (also under StrictMode's double effects), then sends the visitor to the sign-in screen
 * `/login`, not to `/` (docs/decisions/0078-team-runs-the-site.md: docs/decisions/0005-authentication.md sent them
 * home, where nothing says how to sign in).
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
 * Guard of every route except `/` and `/login` (docs/product.md#2-screens-and-routes "Access",
 * docs/decisions/0005-authentication.md): starts auth if the page has not yet (a visitor who never signed in here loads
 * keycloak-js only now, docs/decisions/0034-visitor-loads-what-it-shows.md), waits for the auth check (`불러오는 중…`);
 * signed out → the asked route is kept for after sign-in, alert and `/login`; signed in without a site role, or without
 * one of `roles` (the screen's roles in remotes.json; docs/decisions/0079-roles.md) → no-permission page. Renders
 * `children`, or the nested routes when used as a layout route.
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
