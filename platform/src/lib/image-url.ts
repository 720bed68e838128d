import { resolveApiUrl } from '../http/http-client';

/** Widths the API renders as WebP (docs/decisions/0003-api-calls.md `GET /api/images/:key?w=`). */
export type ImageWidth = 320 | 640 | 1280;

/** True for images stored by the API (`/api/images/<key>`), which have `?w=` variants. */
export function isInternalImage(imagelink: string): boolean {
  return imagelink.startsWith('/api/images/');
}

/** URL of an image at a given width: internal images get `?w=`, external URLs are used as they are. */
export function imageUrl(imagelink: string, width: ImageWidth): string {
  return isInternalImage(imagelink) ? `${resolveApiUrl(imagelink)}?w=${width}` : imagelink;
}
