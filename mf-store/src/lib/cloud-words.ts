import type { TagWord } from '@linksite/contract';

/**
 * Keyword cloud parameters (docs/product.md#9-constants-and-limits). The spec's 200×100 layout is the layout's minimum
 * size (as react-wordcloud's `minSize`): at exactly 200×100 a 40 px word fills the whole box and d3-cloud drops every
 * other word, so the layout grows with its container (2:1, up to CLOUD_MAX_WIDTH) and never shrinks below 200×100.
 */
export const CLOUD_MIN_SIZE: [number, number] = [200, 100];
export const CLOUD_MAX_WIDTH = 640;
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

/** The heaviest words, at most `limit` (docs/product.md#9-constants-and-limits: up to 100). */
export function topWords(words: TagWord[], limit = CLOUD_MAX_WORDS): TagWord[] {
  return [...words].sort((a, b) => b.value - a.value || a.text.localeCompare(b.text)).slice(0, limit);
}

/**
 * Font size scaled linearly from the smallest to the largest value onto 20–40 (docs/product.md#9-constants-and-limits).
 */
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

/**
 * The configured search URL for a word: `{keyword}` replaced by the URL-encoded word
 * (docs/decisions/0007-screen-completions.md).
 */
export function buildSearchUrl(template: string, keyword: string): string {
  return template.split('{keyword}').join(encodeURIComponent(keyword));
}

/** Layout size [width, height] in CSS pixels for a container `containerWidth` px wide (2:1, see CLOUD_MIN_SIZE). */
export function cloudLayoutSize(containerWidth: number): [number, number] {
  const width = Math.round(Math.max(CLOUD_MIN_SIZE[0], Math.min(containerWidth, CLOUD_MAX_WIDTH)));
  return [width, Math.max(CLOUD_MIN_SIZE[1], Math.round(width / 2))];
}

/** A deterministic random source (mulberry32) seeded from the words, so one catalogue always gets one layout. */
export function seededRandom(words: readonly { text: string }[]): () => number {
  let seed = 0;
  for (const { text } of words)
    for (let i = 0; i < text.length; i += 1) seed = (Math.imul(seed, 31) + text.charCodeAt(i)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
