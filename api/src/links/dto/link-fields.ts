import { Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { parseDateTime } from '../../common/calendar';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../normalize-tags';

/** Longest accepted URL (DECISIONS D2: link and imagelink ≤ 2048). */
export const MAX_URL_LENGTH = 2048;

/** The internal path of an uploaded image, as responses give it (DECISIONS D3): `/api/images/<64 hex>`. */
export const INTERNAL_IMAGE_PATH = /^\/api\/images\/([0-9a-f]{64})$/;

/**
 * True for an absolute `http:` or `https:` URL of at most MAX_URL_LENGTH characters with a host and no
 * whitespace or control characters. Everything else is false: `javascript:`, `data:`, `ftp:`, relative paths,
 * and scheme tricks such as ` javascript:` or `java\tscript:` (DECISIONS D2, issue 4 "http/https only").
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Form strings: trimmed; an empty string means "none" (null). Other types pass through for the validators. */
export const TrimToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value));

/** Trimmed, empty kept as '' (a required field then fails its own rule). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** `link`: an http(s) URL (isHttpUrl). */
export const IsHttpUrl = (options: ValidationOptions) =>
  ValidateBy({ name: 'isHttpUrl', validator: { validate: (value) => isHttpUrl(value) } }, options);

/** `imagelink`: an http(s) URL (isHttpUrl) or an internal `/api/images/<key>` path; the key's existence is the service's check. */
export const IsImageLink = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isImageLink',
      validator: {
        validate: (value) => isHttpUrl(value) || (typeof value === 'string' && INTERNAL_IMAGE_PATH.test(value)),
      },
    },
    options,
  );

/** The tags of the one tag string as the form wrote them: split on `,` and `/`, trimmed, empty parts and duplicates dropped. */
function splitTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[,/]/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** At most MAX_TAGS distinct tags (DECISIONS D2); more is refused rather than cut, so nothing is lost silently. */
export const HasAtMostMaxTags = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasAtMostMaxTags',
      validator: { validate: (value) => typeof value !== 'string' || splitTags(value).length <= MAX_TAGS },
    },
    options,
  );

/** Every tag at most MAX_TAG_LENGTH characters (code points, DECISIONS D2). */
export const HasNoLongTag = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoLongTag',
      validator: {
        validate: (value) =>
          typeof value !== 'string' || splitTags(value).every((tag) => Array.from(tag).length <= MAX_TAG_LENGTH),
      },
    },
    options,
  );

/** A window end: absent, null, or an RFC 3339 date-time with an offset (`parseDateTime`). */
export const IsDateTimeOrNull = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDateTimeOrNull',
      validator: { validate: (value) => value === undefined || value === null || parseDateTime(value) !== null },
    },
    options,
  );
