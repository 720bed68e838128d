import type { ChipStyle } from '../lib/chip-style';
import './ui.css';

/**
 * A tag chip in one of the six styles. The style is drawn at random per render (docs/product.md#2-screens-and-routes),
 * so the server's render of the first screen and the browser's differ on purpose: React keeps the served class when it
 * hydrates, and `suppressHydrationWarning` says the difference is expected (no warning in development builds).
 */
export function Chip({ label, chipStyle }: { label: string; chipStyle: ChipStyle }) {
  return (
    <span className={`lk-chip lk-chip--${chipStyle}`} suppressHydrationWarning>
      {label}
    </span>
  );
}
