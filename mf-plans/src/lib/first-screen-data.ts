import { useState } from 'react';
import type { FirstScreen } from '@linksite/contract';

/**
 * What the banner reads of the served `/`'s `<script type="application/json" id="first-screen-data">`
 * (docs/first-screen.md): the contract's `FirstScreen` (`GET /api/site/first-screen`, which the shell's server renders
 * the page from) as far as the banner uses it: the upcoming plans, the cover, and whether bookings are open (the
 * banner's `팝업 예약하기`; null when the block does not say: the link asks the API).
 */
export type BannerFirstScreen = Pick<FirstScreen, 'plans' | 'cover'> & { reserveOpen: boolean | null };

let data: BannerFirstScreen | null | undefined;
let taken = false;

/** Server rendering (src/server/first-screen.tsx): the data the banner reads instead of the page's block. */
export function provideFirstScreenData(provided: BannerFirstScreen): void {
  data = provided;
  taken = false;
}

/** The page's data block, parsed once; null without one (or when it is not the expected shape). */
function pageData(): BannerFirstScreen | null {
  if (data !== undefined) return data;
  data = null;
  const text = typeof document === 'undefined' ? null : document.getElementById('first-screen-data')?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<BannerFirstScreen>;
    if (Array.isArray(parsed.plans)) {
      const reserveOpen = typeof parsed.reserveOpen === 'boolean' ? parsed.reserveOpen : null;
      data = { plans: parsed.plans, cover: parsed.cover ?? null, reserveOpen };
    }
  } catch {
    // A broken block is no block: the banner fetches as before.
  }
  return data;
}

/** The banner's data from the page for the first load only (a reload after an edit asks the API); else null. */
export function takeFirstScreen(): BannerFirstScreen | null {
  const value = taken ? null : pageData();
  taken = true;
  return value;
}

/** The page's banner data while it has not been taken, read once per mount (the first render's data). */
export function useFirstScreenBanner(): BannerFirstScreen | null {
  const [initial] = useState(() => (taken ? null : pageData()));
  return initial;
}
