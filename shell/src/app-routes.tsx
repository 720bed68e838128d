import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RemoteSlot } from './remotes/remote-slot';

/** The route table (spec §2). Admin routes arrive with the authentication issue. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<RemoteSlot remote="mf_store" module="StorePage" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
