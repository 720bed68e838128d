import { Route, Routes } from 'react-router-dom';
import { RequireAdmin } from './auth/require-admin';
import { AppLayout } from './layout/app-layout';
import { AdminPage } from './pages/admin-page';
import { LoginPage } from './pages/login-page';
import { RemoteAreaRoute } from './remotes/remote-areas';
import { RemoteSlot } from './remotes/remote-slot';

/**
 * The route table (docs/product.md#2-screens-and-routes, docs/decisions/0005-authentication.md): `/` and `/login` are
 * public; `/admin` and every screen of a remote (`REMOTE_AREAS`, matched under the root splat) sit behind the guard;
 * unknown paths get the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<RemoteSlot remote="mf_store" module="StorePage" />} />
        <Route path="login" element={<LoginPage />} />
        <Route element={<RequireAdmin />}>
          <Route path="admin" element={<AdminPage />} />
        </Route>
        <Route path="*" element={<RemoteAreaRoute />} />
      </Route>
    </Routes>
  );
}
