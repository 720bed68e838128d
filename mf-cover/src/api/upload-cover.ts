import type { Cover, CoverConflictBody, JsonResponse } from '@linksite/contract';
import { http } from '@linksite/platform';
import { uploadPercent } from '../lib/upload-percent';

/** Uploads can take longer than the client's default 15 s time-out (10 MB on a slow line). */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The cover the screen loaded (docs/decisions/0048-no-silent-overwrite.md): `cover` null when it saw none. Sent as
 * `If-Match: "<version>"`, or `If-None-Match: *` for none; undefined sends neither (the old overwrite).
 */
export interface LoadedCover {
  cover: Cover | null;
}

/**
 * A versioned cover replace's answer (docs/decisions/0048-no-silent-overwrite.md): replaced, with the server's message
 * and the new cover; or refused as stale (409), with the server's message and the cover another administrator set
 * (null: none).
 */
export type CoverSaveResult =
  { conflict: false; message: string; product: Cover } | { conflict: true; message: string; product: Cover | null };

/**
 * `POST /api/cover/image` (administrator), multipart field `image` (docs/product.md#7-api-calls,
 * docs/decisions/0003-api-calls.md). `onProgress` gets whole percentages 0–100 from axios' upload progress. With
 * `loaded` the cover the screen showed is named, so a cover replaced since is kept and answered (409) instead of
 * overwritten; any other failure rejects as ApiError.
 */
export async function uploadCover(
  file: File,
  onProgress: (percent: number) => void,
  loaded?: LoadedCover,
): Promise<CoverSaveResult> {
  const form = new FormData();
  form.append('image', file);
  const headers: Record<string, string> = {};
  if (loaded) {
    if (loaded.cover) headers['If-Match'] = `"${loaded.cover.version}"`;
    else headers['If-None-Match'] = '*';
  }
  const response = await http.post<JsonResponse<'/api/cover/image', 'post', 201> | CoverConflictBody>(
    '/cover/image',
    form,
    {
      headers,
      timeout: UPLOAD_TIMEOUT_MS,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 409,
      onUploadProgress: ({ loaded: sent, total }) => {
        const percent = uploadPercent(sent, total);
        if (percent !== null) onProgress(percent);
      },
    },
  );
  if (response.status === 409) {
    const body = response.data as CoverConflictBody;
    return { conflict: true, message: body.message, product: body.product };
  }
  const body = response.data as JsonResponse<'/api/cover/image', 'post', 201>;
  return { conflict: false, message: body.message, product: body.product };
}
