/** At most this many tags per link (DECISIONS D2). */
export const MAX_TAGS = 20;
/** At most this many characters per tag (DECISIONS D2). */
export const MAX_TAG_LENGTH = 30;

/**
 * Splits the one tag string of the forms into tags (DECISIONS D2): split on `,` and `/`, trim,
 * drop empty parts, drop duplicates keeping the first. Long input is bounded, not refused:
 * the first MAX_TAGS tags, each cut to MAX_TAG_LENGTH characters (code points, so Hangul is never split).
 * Accepts an array too (each element split the same way).
 */
export function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof input === 'string' ? [input] : (input ?? [])).flatMap((s) => s.split(/[,/]/));
  const tags: string[] = [];
  for (const part of parts) {
    const tag = Array.from(part.trim()).slice(0, MAX_TAG_LENGTH).join('').trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}
