import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './api-error';
import { messages } from './messages';

/**
 * body-parser's `verify` hook of the JSON and urlencoded parsers (configure-app.ts), called with the body's bytes
 * (after gzip/deflate) and its declared charset (lower case, `utf-8` when none) before they are decoded
 * (docs/decisions/0096-smaller-hardening.md). The decoder would otherwise replace bytes that are not UTF-8 with U+FFFD
 * and the text would be stored changed; NUL and lone surrogates are refused later, by SafeTextPipe (safe-input.ts).
 * @throws ApiError 415 `messages.bodyCharsetRefused` for another declared charset (`utf-16`, `iso-8859-1`: JSON
 *   between systems is UTF-8, RFC 8259 §8.1, and no route takes a form); 400 `messages.bodyNotUtf8` when the bytes
 *   are not well-formed UTF-8 (stray or truncated sequences, overlong forms, encoded surrogates). body-parser passes
 * the error on with its status, and the exception filter answers the docs/decisions/0001-response-envelope.md envelope;
 * nothing reaches a handler.
 */
export function verifyUtf8Body(
  _req: IncomingMessage,
  _res: ServerResponse,
  body: Buffer,
  encoding: string | null,
): void {
  if (encoding !== null && encoding !== 'utf-8') throw new ApiError(415, messages.bodyCharsetRefused);
  if (!isUtf8(body)) throw new ApiError(400, messages.bodyNotUtf8);
}

/** U+FFFD, what a lenient UTF-8 decoder puts where the bytes were not UTF-8. */
const REPLACEMENT_CHARACTER = '\ufffd';

/**
 * The multipart counterpart of {@link verifyUtf8Body}, for the text parts multer has read (images/image-upload.ts):
 * busboy decodes a part's bytes as UTF-8 and replaces those that are not with U+FFFD, keeping no other trace, so a
 * text part holding U+FFFD is refused (docs/decisions/0096-smaller-hardening.md). A form field has no use for the
 * replacement character itself: it only ever stands for text broken before it arrived.
 * @param fields `req.body` as multer left it: strings, or arrays and objects of them for `a[]`/`a[b]` part names.
 * @throws ApiError 400 `messages.fieldNotUtf8(field)` naming the first such part, with `errors: [{ field, message }]`.
 */
export function refuseUndecodedFields(fields: unknown, path = ''): void {
  if (typeof fields === 'string') {
    if (!fields.includes(REPLACEMENT_CHARACTER)) return;
    const message = messages.fieldNotUtf8(path);
    throw new ApiError(400, message, [{ field: path, message }]);
  }
  if (fields === null || typeof fields !== 'object') return;
  for (const [key, value] of Object.entries(fields)) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes(REPLACEMENT_CHARACTER)) refuseUndecodedFields(key, field);
    refuseUndecodedFields(value, field);
  }
}
