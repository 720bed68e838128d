import { Route, Routes } from 'react-router-dom';
import { PopupCreatePage } from './pages/popup-create-page';
import { PopupEditPage } from './pages/popup-edit-page';
import { PopupListPage } from './pages/popup-list-page';

/**
 * The popup reservation screens, exposed as `mf_popups/Routes` (named export `Routes`): the shell mounts this at
 * its root splat, so the paths are absolute (spec §2).
 */
export function PopupRoutes() {
  return (
    <Routes>
      <Route path="/popup" element={<PopupCreatePage />} />
      <Route path="/popup/list" element={<PopupListPage />} />
      <Route path="/popup/edit/:id" element={<PopupEditPage />} />
    </Routes>
  );
}

export { PopupRoutes as Routes };
