import type { JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { uploadPercent } from '../lib/upload-percent';

/** Uploads can take longer than the client's default 15 s time-out (10 MB on a slow line). */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * `POST /api/cover/image` (administrator), multipart field `image` (spec §7, DECISIONS D3). `onProgress` gets whole
 * percentages 0–100 from axios' upload progress. Resolves with the server's Korean message.
 */
export async function uploadCover(file: File, onProgress: (percent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await http.post<JsonResponse<'/api/cover/image', 'post', 201>>('/cover/image', form, {
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: ({ loaded, total }) => {
      const percent = uploadPercent(loaded, total);
      if (percent !== null) onProgress(percent);
    },
  });
  return data.message;
}
