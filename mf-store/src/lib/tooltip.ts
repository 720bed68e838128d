/**
 * Tooltip defaults (docs/product.md#9-constants-and-limits: "tooltip defaults delay 0, duration 300/250 ms, max width
 * 350, z-index 9999"), the values tippy.js uses as its own defaults; docs/decisions/0037-keyword-tooltips.md asks for
 * them on the keyword cloud's words.
 */
export const TOOLTIP_DELAY_MS = 0;
/** Fade-in and fade-out durations in milliseconds. */
export const TOOLTIP_DURATION_MS = { in: 300, out: 250 } as const;
/** Maximum width in CSS pixels. */
export const TOOLTIP_MAX_WIDTH = 350;
export const TOOLTIP_Z_INDEX = 9999;
/** Gap between the word and its tooltip, in CSS pixels. */
export const TOOLTIP_OFFSET = 8;

/**
 * Floating UI's DOM positioning, loaded on demand in its own chunk (`floating-ui.<hash>.chunk.js`, 8 KiB gzip) when
 * the visitor first points at or focuses the cloud, so neither the shell's initial JS nor a visit that never touches
 * the cloud carries it (docs/decisions/0037-keyword-tooltips.md). The import is started once and shared.
 */
let floatingUi: Promise<typeof import('@floating-ui/dom')> | null = null;
export function loadFloatingUi(): Promise<typeof import('@floating-ui/dom')> {
  floatingUi ??= import(/* webpackChunkName: "floating-ui" */ '@floating-ui/dom');
  // A failed load (a network hiccup) is not remembered: the next hover tries again.
  floatingUi.catch(() => {
    floatingUi = null;
  });
  return floatingUi;
}
