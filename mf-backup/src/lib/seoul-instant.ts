const seoul = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });

/** An ISO 8601 instant in Seoul's words: `2026-11-21T03:00:00Z` → `2026년 11월 21일 오후 12:00`. */
export function seoulInstant(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : seoul.format(time);
}
