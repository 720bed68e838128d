import type { ChipStyle } from '../lib/chip-style';
import './ui.css';

/** A tag chip in one of the six styles. */
export function Chip({ label, chipStyle }: { label: string; chipStyle: ChipStyle }) {
  return <span className={`lk-chip lk-chip--${chipStyle}`}>{label}</span>;
}
