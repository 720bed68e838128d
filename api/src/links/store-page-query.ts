import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { MAX_TAG_LENGTH } from '../common/shared-rules';
import { normalizeTags } from './normalize-tags';

/**
 * Links on one page of `GET /api/store/page` when `limit` is absent (docs/decisions/0036-paged-public-read.md: a
 * screenful and a half).
 */
export const DEFAULT_PAGE_SIZE = 48;
/** The largest `limit` `GET /api/store/page` accepts. */
export const MAX_PAGE_SIZE = 100;

/** A position in the display order (pcode, then id as the tie-break): the last link a page ended on. */
export interface DisplayPosition {
  pcode: number;
  id: number;
}

/** What `GET /api/store/page` was asked, checked (see {@link parseStorePageQuery}). */
export interface StorePageQuery {
  /** 1..MAX_PAGE_SIZE. */
  limit: number;
  /** Start after this position; null: the first page. */
  after: DisplayPosition | null;
  /** Only links carrying this (normalized) tag; null: every link. */
  tag: string | null;
}

const INT4_MAX = 2_147_483_647;

/** The opaque cursor of a position: base64url of `<pcode>.<id>` (docs/decisions/0036-paged-public-read.md). */
export function encodeCursor({ pcode, id }: DisplayPosition): string {
  return Buffer.from(`${pcode}.${id}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names.
 * @throws ApiError 400 `messages.invalidPageCursor` for anything {@link encodeCursor} could not have written
 *   (bad base64url, another text, numbers out of the int4 range).
 */
export function decodeCursor(cursor: string): DisplayPosition {
  const invalid = () => new ApiError(400, messages.invalidPageCursor);
  if (!/^[A-Za-z0-9_-]{4,32}$/.test(cursor)) throw invalid();
  const match = /^(0|[1-9]\d{0,9})\.([1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const pcode = Number(match[1]);
  const id = Number(match[2]);
  if (pcode > INT4_MAX || id > INT4_MAX || encodeCursor({ pcode, id }) !== cursor) throw invalid();
  return { pcode, id };
}

/** The query string of a request's `url` as sent, without `?` (`/api/store/page?tag=a` → `tag=a`; '' when none). */
export function queryStringOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}

/**
 * Checks the query of `GET /api/store/page` (docs/decisions/0036-paged-public-read.md). Express hands repeated
 * parameters over as arrays: those are refused like any other malformed value.
 * - `limit`: absent → {@link DEFAULT_PAGE_SIZE}; else a whole number 1..{@link MAX_PAGE_SIZE} written in digits;
 * - `after`: absent or empty → the first page; else a cursor from a previous page's `nextCursor`;
 * - `tag`: absent → every link; else one tag as the forms write it (`#` and spaces dropped, ≤ MAX_TAG_LENGTH).
 * @throws ApiError 400 `messages.invalidPageLimit` / `messages.invalidPageCursor` / `messages.invalidTagFilter`.
 */
export function parseStorePageQuery(query: Record<string, unknown>, rawQuery = ''): StorePageQuery {
  refuseUndecodable(rawQuery);
  const { limit, after, tag } = query;
  let size = DEFAULT_PAGE_SIZE;
  if (limit !== undefined) {
    if (typeof limit !== 'string' || !/^[1-9]\d{0,2}$/.test(limit) || Number(limit) > MAX_PAGE_SIZE)
      throw new ApiError(400, messages.invalidPageLimit);
    size = Number(limit);
  }
  if (after !== undefined && typeof after !== 'string') throw new ApiError(400, messages.invalidPageCursor);
  let filter: string | null = null;
  if (tag !== undefined) {
    const bare = typeof tag === 'string' ? tag.trim().replace(/^#+/, '').trim() : '';
    const tags = normalizeTags(bare);
    // One tag, not cut: longer than a stored tag can be, or two tags (`a/b`), is refused rather than guessed.
    if (tags.length !== 1 || tags[0] !== bare || Array.from(bare).length > MAX_TAG_LENGTH)
      throw new ApiError(400, messages.invalidTagFilter);
    filter = tags[0]!;
  }
  return { limit: size, after: after ? decodeCursor(after) : null, tag: filter };
}

/**
 * Express's query parser keeps a value whose percent-encoding is not UTF-8 (`tag=%ED%A0%80`, a lone surrogate) as its
 * raw text, which would then pass as an odd but valid tag: such a value of `limit`, `after` or `tag` is refused here.
 * @throws ApiError 400 with the parameter's sentence.
 */
function refuseUndecodable(rawQuery: string): void {
  const sentences: Record<string, string> = {
    limit: messages.invalidPageLimit,
    after: messages.invalidPageCursor,
    tag: messages.invalidTagFilter,
  };
  for (const pair of rawQuery.split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    const sentence = sentences[key];
    if (!sentence) continue;
    try {
      decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      throw new ApiError(400, sentence);
    }
  }
}
