/** The six tag chip styles (docs/product.md#9-constants-and-limits). Class names are defined in ui/chip.css. */
export const CHIP_STYLES = ['rose', 'amber', 'lime', 'sky', 'violet', 'slate'] as const;

export type ChipStyle = (typeof CHIP_STYLES)[number];

/** A random chip style (docs/product.md#2-screens-and-routes: chip colour randomised among six styles). */
export function randomChipStyle(random: () => number = Math.random): ChipStyle {
  const index = Math.min(CHIP_STYLES.length - 1, Math.floor(random() * CHIP_STYLES.length));
  return CHIP_STYLES[index] ?? 'slate';
}
