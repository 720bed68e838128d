import { planStatus } from './plan-status';

describe('planStatus', () => {
  it('counts down while the plan has not started', () => {
    expect(planStatus(3)).toEqual({ label: 'D - 3', kind: 'countdown' });
    expect(planStatus(1)).toEqual({ label: 'D - 1', kind: 'countdown' });
  });

  it('is OPEN from the start day on', () => {
    expect(planStatus(0)).toEqual({ label: 'OPEN', kind: 'open' });
    expect(planStatus(-2)).toEqual({ label: 'OPEN', kind: 'open' });
  });
});
