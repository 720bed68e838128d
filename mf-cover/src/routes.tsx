import { Route, Routes } from 'react-router-dom';
import { CoverUploadPage } from './pages/cover-upload-page';

/** The cover screen, exposed as `mf_cover/Routes` (named export `Routes`), at the absolute path `/uploadimage`. */
export function CoverRoutes() {
  return (
    <Routes>
      <Route path="/uploadimage" element={<CoverUploadPage />} />
    </Routes>
  );
}

export { CoverRoutes as Routes };
