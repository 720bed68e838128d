import { Navigate, Route, Routes } from 'react-router-dom';
import { LinkCreatePage } from './pages/link-create-page';
import { LinkEditPage } from './pages/link-edit-page';
import { LinkListPage } from './pages/link-list-page';
import { QrPage } from './pages/qr-page';

/**
 * The link screens, exposed as `mf_links/Routes` (named export `Routes`): the shell mounts this at its root splat,
 * so the paths are absolute (docs/product.md#2-screens-and-routes).
 */
export function LinkRoutes() {
  return (
    <Routes>
      <Route path="/create" element={<LinkCreatePage />} />
      <Route path="/main/list" element={<LinkListPage />} />
      <Route path="/main/edit/:id" element={<LinkEditPage />} />
      <Route path="/main/qr" element={<QrPage />} />
      {/* The standalone harness opens at `/`. */}
      <Route path="*" element={<Navigate to="/main/list" replace />} />
    </Routes>
  );
}

export { LinkRoutes as Routes };
