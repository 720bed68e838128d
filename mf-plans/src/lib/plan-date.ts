import { parseDateParam } from '@linksite/platform';

/**
 * `2025-04-05` → `2025년 04월 05일`, the Korean form of every schedule date (docs/decisions/0007-screen-completions.md);
 * unparsable values as they are.
 */
export function formatPlanDate(value: string): string {
  const date = parseDateParam(value);
  return date ? value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1년 $2월 $3일') : value;
}
