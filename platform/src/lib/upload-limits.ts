/**
 * Upload rules shared by every image dropzone and matching the API (docs/decisions/0004-image-uploads.md): one file, at
 * most {@link UPLOAD_MAX_BYTES}, JPEG / PNG / WebP / GIF / AVIF only (never SVG). The server decides the type by the
 * bytes; these values only let the browser refuse early with the same limits.
 */

/** The server's upload limit: 10 MB = 10485760 bytes (docs/decisions/0004-image-uploads.md, the API's default). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Accepted image types with their extensions, in react-dropzone's `accept` shape
 * (docs/decisions/0004-image-uploads.md).
 */
export const ACCEPTED_IMAGE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'image/avif': ['.avif'],
};

/**
 * File-system litter a dropped folder or a multi-selection brings along; silently ignored
 * (docs/product.md#5-validation).
 */
export const IGNORED_FILE_NAMES: readonly string[] = ['.DS_Store', 'Thumbs.db'];
