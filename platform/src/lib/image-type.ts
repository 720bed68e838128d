import { IMAGE_SIGNATURE_LENGTH, imageTypeOf } from '@linksite/contract/api-rules';

/** An image type the API accepts (docs/decisions/0004-image-uploads.md). */
export type AcceptedImageType = NonNullable<ReturnType<typeof imageTypeOf>>;

/** The first `length` bytes of a file (FileReader where Blob#arrayBuffer is missing, as in older browsers). */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * The image type a file's first bytes announce, or null when it is not an image the API accepts: a text file renamed
 * `.jpg`, an SVG, a HEIC photo… (docs/decisions/0051-nothing-half-saved.md: refused in the browser before anything is
 * sent). Decided by the same signature list the API checks (`IMAGE_SIGNATURES`, api/src/common/shared-rules.ts, copied
 * into `@linksite/contract/api-rules` by `npm run contract`), never by the name or the browser's declared type. The API
 * still decodes the file and may refuse a damaged image or one of too many pixels. Resolves null when the file cannot
 * be read.
 */
export async function sniffImageType(file: Blob): Promise<AcceptedImageType | null> {
  try {
    return imageTypeOf(await readHead(file, IMAGE_SIGNATURE_LENGTH));
  } catch {
    return null;
  }
}
