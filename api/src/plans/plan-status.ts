import { seoulDate } from '../common/seoul-date';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from today (Asia/Seoul) to `startdate` (docs/decisions/0002-entities.md,
 * docs/product.md#4-states-and-transitions):
 * > 0 shows `D - n` on the banner, 0 or less shows OPEN.
 * @param startdate 'YYYY-MM-DD'
 * @param now the current instant (from the injected Clock)
 */
export function planStatus(startdate: string, now: Date): number {
  const today = Date.parse(`${seoulDate(now)}T00:00:00Z`);
  const start = Date.parse(`${startdate}T00:00:00Z`);
  return Math.round((start - today) / DAY_MS);
}
