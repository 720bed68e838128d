import { planStatus } from './plan-status';
import { addDays, seoulDate } from '../common/seoul-date';

describe('planStatus', () => {
  it('counts whole days to the start in Asia/Seoul', () => {
    const now = new Date('2026-11-20T03:00:00Z'); // 12:00 in Seoul, 11-20
    expect(planStatus('2026-11-20', now)).toBe(0);
    expect(planStatus('2026-11-21', now)).toBe(1);
    expect(planStatus('2026-12-20', now)).toBe(30);
    expect(planStatus('2026-11-19', now)).toBe(-1);
  });

  it('switches day at midnight in Seoul (15:00 UTC), not at UTC midnight', () => {
    expect(planStatus('2026-11-21', new Date('2026-11-20T14:59:59.999Z'))).toBe(1);
    expect(planStatus('2026-11-21', new Date('2026-11-20T15:00:00Z'))).toBe(0);
    expect(planStatus('2026-11-20', new Date('2026-11-19T15:00:00Z'))).toBe(0);
    expect(planStatus('2026-11-20', new Date('2026-11-19T14:59:59Z'))).toBe(1);
  });

  it('crosses month and year ends', () => {
    expect(planStatus('2027-01-01', new Date('2026-12-31T15:00:00Z'))).toBe(0);
    expect(planStatus('2027-03-01', new Date('2027-02-28T03:00:00Z'))).toBe(1);
  });
});

describe('seoulDate / addDays', () => {
  it('gives the Seoul calendar day', () => {
    expect(seoulDate(new Date('2026-11-20T14:59:59Z'))).toBe('2026-11-20');
    expect(seoulDate(new Date('2026-11-20T15:00:00Z'))).toBe('2026-11-21');
  });
  it('adds calendar days', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
