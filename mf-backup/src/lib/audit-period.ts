import { seoulToday, toDateParam } from '@linksite/platform';
import type { AuditFilters } from '../api/list-audit';
import { messages } from './messages';

/** The 기간 choices: presets in Seoul days, or two days of one's own (`custom`). */
export type Period = keyof typeof messages.auditPeriods;
export const PERIODS = Object.keys(messages.auditPeriods) as Period[];

/**
 * The Seoul days of a preset, both included: 오늘; 최근 7일 (today and the 6 days before); 최근 30일. `all` and
 * `custom` set none (custom days come from the two date fields).
 */
export function periodDays(period: Period, now = new Date()): Pick<AuditFilters, 'from' | 'to'> {
  const today = seoulToday(now);
  const daysBack = (days: number) =>
    toDateParam(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
  const back = { today: 0, week: 6, month: 29 }[period as 'today' | 'week' | 'month'];
  return back === undefined ? {} : { from: daysBack(back), to: toDateParam(today) };
}
