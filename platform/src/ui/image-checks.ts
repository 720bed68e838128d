import { apiMessages } from '@linksite/contract/api-rules';
import { sniffImageType } from '../lib/image-type';
import { ACCEPTED_IMAGE_TYPES, IGNORED_FILE_NAMES, UPLOAD_MAX_BYTES } from '../lib/upload-limits';
import { ko } from '../messages/ko';

/**
 * The MIME types of docs/decisions/0004-image-uploads.md as the rejection message lists them
 * (`image/jpeg, image/png, …`).
 */
const TYPE_LIST = Object.keys(ACCEPTED_IMAGE_TYPES).join(', ');

/**
 * The Korean sentence for one react-dropzone rejection code (docs/decisions/0006-korean-wording.md); unknown codes keep
 * the library's (or validator's) own message.
 */
export function rejectionMessage(code: string, fallback: string): string {
  switch (code) {
    case 'file-invalid-type':
      return ko.fileInvalidType(TYPE_LIST);
    case 'file-too-large':
      return ko.fileTooLarge(UPLOAD_MAX_BYTES);
    case 'file-too-small':
      return ko.fileTooSmall(0);
    case 'too-many-files':
      return ko.tooManyFiles;
    default:
      return fallback;
  }
}

/** Files the zone drops without a word (docs/product.md#5-validation: `.DS_Store`, `Thumbs.db`). */
export const isIgnored = (file: File) => IGNORED_FILE_NAMES.includes(file.name);

/**
 * Why a file that passed react-dropzone's name/type/size checks is still not an image the API accepts, or null when
 * it is one: an empty file, or first bytes that match no signature of the API's list (a text file renamed `.jpg`, an
 * SVG, a HEIC photo…; `sniffImageType`, docs/decisions/0051-nothing-half-saved.md). The sentences are the API's own
 * (`apiMessages`).
 */
export async function contentProblem(file: File): Promise<string | null> {
  if (file.size === 0) return apiMessages.imageEmpty;
  return (await sniffImageType(file)) ? null : apiMessages.imageUnreadable;
}
