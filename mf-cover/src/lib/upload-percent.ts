/**
 * Upload progress as a whole percentage, rounded down and kept within 0–100 (docs/product.md#4-states-and-transitions,
 * docs/product.md#9-constants-and-limits): `Math.floor(loaded * 100 / total)`, so 33.9 % shows as 33 and only a
 * finished upload shows 100. Null when the total is unknown.
 */
export function uploadPercent(loaded: number, total: number | undefined): number | null {
  if (!total || total <= 0 || !Number.isFinite(loaded)) return null;
  return Math.min(100, Math.max(0, Math.floor((loaded * 100) / total)));
}
