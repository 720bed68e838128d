import * as platform from '@linksite/platform';
import type { AnalyticsClick } from '@linksite/platform';

/**
 * Reports a card or keyword click to the site's analytics (platform ≥ 1.1 `trackClick`). The shell's platform is the
 * one that runs: an older shell (platform 1.0) has no tracker, and then the click is simply not counted.
 */
export function reportClick(click: AnalyticsClick): void {
  const track = (platform as Partial<typeof platform>).trackClick;
  if (typeof track === 'function') track(click);
}
