import { Route, Routes } from 'react-router-dom';
import { BackupPage } from './pages/backup-page';
import { PeoplePage } from './pages/people-page';

/**
 * The owner's site-administration screens, exposed as `mf_backup/Routes` (named export `Routes`), at absolute paths:
 * `/backup` (백업 및 복원, 변경 기록) and `/people` (팀원 관리, docs/decisions/0080-people-invites-totp.md).
 */
export function BackupRoutes() {
  return (
    <Routes>
      <Route path="/backup" element={<BackupPage />} />
      <Route path="/people" element={<PeoplePage />} />
    </Routes>
  );
}

export { BackupRoutes as Routes };
