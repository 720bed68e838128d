/** How a plan shows on the banner (spec §4): `D - n` while it has not started, else `OPEN`. */
export interface PlanStatusView {
  label: string;
  kind: 'countdown' | 'open';
}

/** `status` = whole days until the start date (DECISIONS D2); 0 or less means open. */
export function planStatus(status: number): PlanStatusView {
  return status > 0 ? { label: `D - ${status}`, kind: 'countdown' } : { label: 'OPEN', kind: 'open' };
}

/** Only the first two banner items are featured (spec §2 "Banner"). */
export const FEATURED_PLANS = 2;
