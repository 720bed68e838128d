import { periodDays } from './audit-period';

describe('periodDays (docs/decisions/0082-korean-audit-log.md: the 변경 기록 filter in Seoul days)', () => {
  // 00:30 on 21 November 2026 in Seoul, still the 20th in UTC.
  const now = new Date('2026-11-20T15:30:00Z');

  it('counts presets back from the Seoul day, both ends included', () => {
    expect(periodDays('today', now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(periodDays('week', now)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(periodDays('month', now)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });

  it('sets no days for the whole period or days of one own', () => {
    expect(periodDays('all', now)).toEqual({});
    expect(periodDays('custom', now)).toEqual({});
  });
});
