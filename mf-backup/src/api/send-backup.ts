import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';

/** Restoring a large archive takes longer than the client's 15 s default. */
const RESTORE_TIMEOUT_MS = 30 * 60_000;

/** The answer of both calls: what the archive holds and what it replaces. */
export type RestoreReport = JsonResponse<'/api/backup/check', 'post'>['product'];

/**
 * `POST /api/backup/check` (`step: 'check'`, changes nothing) or `POST /api/backup/restore` (administrator), the
 * archive as the body. `onProgress` gets whole percentages of the upload. Rejects with the server's Korean message.
 */
export async function sendBackup(
  step: 'check' | 'restore',
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ message: string; report: RestoreReport }> {
  type Answer = JsonResponse<'/api/backup/check', 'post'> | JsonResponse<'/api/backup/restore', 'post'>;
  const { data } = await http.post<Answer>(`/backup/${step}`, file, {
    headers: { 'Content-Type': 'application/gzip' },
    timeout: RESTORE_TIMEOUT_MS,
    onUploadProgress: ({ loaded, total }) => total && onProgress(Math.floor((loaded * 100) / total)),
  });
  return { message: data.message, report: data.product };
}
