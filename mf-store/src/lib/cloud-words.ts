import type { TagWord } from '@linksite/platform';

/** Keyword cloud parameters (spec §9). */
export const CLOUD_SIZE: [number, number] = [200, 100];
export const CLOUD_FONT_SIZES: [number, number] = [20, 40];
export const CLOUD_ROTATIONS = [-50, 0] as const;
export const CLOUD_MAX_WORDS = 100;
export const CLOUD_TRANSITION_MS = 600;

/** A word ready for layout: `size` is its font size in layout units. */
export interface SizedWord {
  text: string;
  value: number;
  size: number;
}

/** The heaviest words, at most `limit` (spec §9: up to 100). */
export function topWords(words: TagWord[], limit = CLOUD_MAX_WORDS): TagWord[] {
  return [...words].sort((a, b) => b.value - a.value || a.text.localeCompare(b.text)).slice(0, limit);
}

/** Font size scaled linearly from the smallest to the largest value onto 20–40 (spec §9). */
export function fontSizeFor(value: number, min: number, max: number, [low, high] = CLOUD_FONT_SIZES): number {
  if (max <= min) return (low + high) / 2;
  return low + ((value - min) / (max - min)) * (high - low);
}

/** Words of the cloud with their font sizes. */
export function sizeWords(words: TagWord[]): SizedWord[] {
  const kept = topWords(words);
  const values = kept.map((w) => w.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return kept.map((w) => ({ text: w.text, value: w.value, size: fontSizeFor(w.value, min, max) }));
}

/** The configured search URL for a word: `{keyword}` replaced by the URL-encoded word (DECISIONS D7). */
export function buildSearchUrl(template: string, keyword: string): string {
  return template.split('{keyword}').join(encodeURIComponent(keyword));
}
