import { http } from '@linksite/platform';

/** Backups of a large site take longer than the client's 15 s default. */
const BACKUP_TIMEOUT_MS = 30 * 60_000;

/** `GET /api/backup` (administrator): the archive as a Blob and the file name the server gave it. */
export async function downloadBackup(onProgress: (loaded: number) => void): Promise<{ blob: Blob; name: string }> {
  const response = await http.get<Blob>('/backup', {
    responseType: 'blob',
    timeout: BACKUP_TIMEOUT_MS,
    onDownloadProgress: ({ loaded }) => onProgress(loaded),
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'linksite-backup.tar.gz';
  return { blob: response.data, name };
}
