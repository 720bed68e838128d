/** `1234` → `1,234` (Korean grouping). */
export const formatCount = (value: number): string => value.toLocaleString('ko-KR');

/** A ratio as a percentage with one decimal: `0.1234` → `12.3%`; `0` → `0%`. */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio === 0) return '0%';
  return `${(Math.round(ratio * 1000) / 10).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`;
}

/** `2026-11-20` → `11월 20일` (the chart's axis and table). */
export function formatDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${month}월 ${date}일`;
}

/** `2026-11-20` → `2026년 11월 20일` (docs/decisions/0007-screen-completions.md date format). */
export function formatLongDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}년 ${month}월 ${date}일`;
}
