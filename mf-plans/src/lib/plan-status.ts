/**
 * How a plan shows on the banner (docs/product.md#4-states-and-transitions): `D - n` while it has not started, else
 * `OPEN`.
 */
export interface PlanStatusView {
  label: string;
  kind: 'countdown' | 'open';
}

/** `status` = whole days until the start date (docs/decisions/0002-entities.md); 0 or less means open. */
export function planStatus(status: number): PlanStatusView {
  return status > 0 ? { label: `D - ${status}`, kind: 'countdown' } : { label: 'OPEN', kind: 'open' };
}

/** Only the first two banner items are featured (docs/product.md#2-screens-and-routes "Banner"). */
export const FEATURED_PLANS = 2;
