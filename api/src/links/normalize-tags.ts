import { MAX_TAG_LENGTH, MAX_TAGS } from '../common/shared-rules';

export { MAX_TAG_LENGTH, MAX_TAGS } from '../common/shared-rules';

/**
 * Splits the one tag string of the forms into tags (docs/decisions/0002-entities.md): split on `,` and `/`, trim, drop
 * a leading `#` (`#해시` → `해시`, docs/decisions/0055-form-flow.md), drop empty parts, drop duplicates keeping the first.
 * Long input is bounded, not refused: the first MAX_TAGS tags, each cut to MAX_TAG_LENGTH characters (code points, so
 * Hangul is never split). Accepts an array too (each element split the same way).
 */
export function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof input === 'string' ? [input] : (input ?? [])).flatMap((s) => s.split(/[,/]/));
  const tags: string[] = [];
  for (const part of parts) {
    const tag = Array.from(part.trim().replace(/^#+/, '').trim()).slice(0, MAX_TAG_LENGTH).join('').trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}
