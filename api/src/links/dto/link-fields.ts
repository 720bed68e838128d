import { Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { parseDateTime } from '../../common/calendar';
import { isHttpUrl, isImageLink, MAX_TAG_LENGTH, MAX_TAGS, splitTagInput } from '../../common/shared-rules';

export { INTERNAL_IMAGE_PATH, isHttpUrl, MAX_URL_LENGTH } from '../../common/shared-rules';

/** Form strings: trimmed; an empty string means "none" (null). Other types pass through for the validators. */
export const TrimToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value));

/** Trimmed, empty kept as '' (a required field then fails its own rule). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * `tag`: the one tag string with each tag's leading `#` dropped (`#해시, #간식` → `해시, 간식`,
 * docs/decisions/0055-form-flow.md) and empty parts and duplicates removed (`splitTagInput`); nothing left means none
 * (null). Other types pass through.
 */
export const TagInput = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? splitTagInput(value).join(', ') || null : value,
  );

/** `link`: an http(s) URL (isHttpUrl). */
export const IsHttpUrl = (options: ValidationOptions) =>
  ValidateBy({ name: 'isHttpUrl', validator: { validate: (value) => isHttpUrl(value) } }, options);

/** `imagelink`: an http(s) URL (isHttpUrl) or an internal `/api/images/<key>` path (isImageLink); the key's existence is the service's check. */
export const IsImageLink = (options: ValidationOptions) =>
  ValidateBy({ name: 'isImageLink', validator: { validate: (value) => isImageLink(value) } }, options);

/**
 * At most MAX_TAGS distinct tags (docs/decisions/0002-entities.md); more is refused rather than cut, so nothing is lost
 * silently.
 */
export const HasAtMostMaxTags = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasAtMostMaxTags',
      validator: { validate: (value) => typeof value !== 'string' || splitTagInput(value).length <= MAX_TAGS },
    },
    options,
  );

/** Every tag at most MAX_TAG_LENGTH characters (code points, docs/decisions/0002-entities.md). */
export const HasNoLongTag = (options: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoLongTag',
      validator: {
        validate: (value) =>
          typeof value !== 'string' || splitTagInput(value).every((tag) => Array.from(tag).length <= MAX_TAG_LENGTH),
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
