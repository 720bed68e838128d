import { Route, Routes } from 'react-router-dom';
import { BackupPage } from './pages/backup-page';

/** The backup screen, exposed as `mf_backup/Routes` (named export `Routes`), at the absolute path `/backup`. */
export function BackupRoutes() {
  return (
    <Routes>
      <Route path="/backup" element={<BackupPage />} />
    </Routes>
  );
}

export { BackupRoutes as Routes };
