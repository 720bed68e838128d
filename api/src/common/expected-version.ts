import { ApiError } from './api-error';
import { messages } from './messages';

/** `"3"`, `3` (a bare number is accepted too, for hand-written clients). */
const IF_MATCH = /^\s*"?([1-9]\d{0,9})"?\s*$/;

/**
 * The version an administrator's write was loaded at (docs/decisions/0048-no-silent-overwrite.md, "no silent
 * overwrite"), from the `If-Match` header (the version as an entity tag, `"3"`) and/or a `version` field of the body.
 * `undefined` means the client named none (or `If-Match: *`): the write is applied as before, a blind overwrite, so
 * older clients keep working.
 * @throws ApiError 400 `messages.ifMatchInvalid` for any other If-Match (a weak `W/"3"` or a list included: a
 *   version is compared strongly); 400 `messages.versionMismatch` when header and body name different versions.
 */
export function expectedVersion(ifMatch: string | undefined, bodyVersion?: number): number | undefined {
  let fromHeader: number | undefined;
  if (ifMatch !== undefined && ifMatch.trim() !== '*') {
    const match = IF_MATCH.exec(ifMatch);
    if (!match) throw new ApiError(400, messages.ifMatchInvalid);
    fromHeader = Number(match[1]);
  }
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw new ApiError(400, messages.versionMismatch);
  }
  return fromHeader ?? bodyVersion;
}
