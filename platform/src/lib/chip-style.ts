/** The six tag chip styles (spec §9). Class names are defined in ui/chip.css. */
export const CHIP_STYLES = ['rose', 'amber', 'lime', 'sky', 'violet', 'slate'] as const;

export type ChipStyle = (typeof CHIP_STYLES)[number];

/** A random chip style (spec §2: chip colour randomised among six styles). */
export function randomChipStyle(random: () => number = Math.random): ChipStyle {
  const index = Math.min(CHIP_STYLES.length - 1, Math.floor(random() * CHIP_STYLES.length));
  return CHIP_STYLES[index] ?? 'slate';
}
