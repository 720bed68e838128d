import { useEffect, useState } from 'react';
import type { FirstScreen, Link } from '@linksite/contract';
import { useRequest, type RequestState } from '@linksite/platform';

/**
 * What this remote reads of the served `/`'s `<script type="application/json" id="first-screen-data">`
 * (docs/first-screen.md): the contract's `FirstScreen` (`GET /api/site/first-screen`, which the shell's server renders
 * the page from) as far as the store uses it: the first page of links (`linksComplete` when that is all of them, else
 * `linksNextCursor` is where the next page starts), the tag they are filtered by, the keyword cloud's words, and
 * whether bookings are open (null when the block does not say: the link asks the API).
 */
export type StoreFirstScreen = Pick<FirstScreen, 'links' | 'linksComplete' | 'linksNextCursor' | 'tag' | 'tags'> & {
  reserveOpen: boolean | null;
};

/** The id of the page's data block; the shell moves it out of `#root` before rendering. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

let data: StoreFirstScreen | null | undefined;
const taken = new Set<'links' | 'tags' | 'reserveOpen'>();

/** Server rendering (src/server/first-screen.tsx): the data the components read instead of the page's block. */
export function provideFirstScreenData(provided: StoreFirstScreen): void {
  data = provided;
  taken.clear();
}

/** The page's data block, parsed once; null without one (or when it is not the expected shape). */
function pageData(): StoreFirstScreen | null {
  if (data !== undefined) return data;
  data = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<StoreFirstScreen>;
    if (Array.isArray(parsed.links) && Array.isArray(parsed.tags)) {
      data = {
        links: parsed.links,
        linksComplete: parsed.linksComplete === true,
        linksNextCursor: typeof parsed.linksNextCursor === 'string' ? parsed.linksNextCursor : null,
        tag: typeof parsed.tag === 'string' ? parsed.tag : null,
        tags: parsed.tags,
        reserveOpen: typeof parsed.reserveOpen === 'boolean' ? parsed.reserveOpen : null,
      };
    }
  } catch {
    // A broken block is no block: the page fetches as before.
  }
  return data;
}

/**
 * The parts of the block read whole for a first load: the tags. The links are a page with a cursor, read by
 * {@link useFirstScreenPage}.
 */
type WholeFirstLoad = 'tags';

/** The page's `tags`, until they have been {@link takeFirstScreen taken}; null afterwards or without data. */
export function peekFirstScreen<K extends WholeFirstLoad>(key: K): StoreFirstScreen[K] | null {
  const page = pageData();
  return page && !taken.has(key) ? page[key] : null;
}

/** The page's `tags` for the first load only (later loads, after an edit elsewhere, ask the API). */
export function takeFirstScreen<K extends WholeFirstLoad>(key: K): StoreFirstScreen[K] | null {
  const value = peekFirstScreen(key);
  taken.add(key);
  return value;
}

/**
 * `useRequest(fetcher)`, but while the first load runs it already shows the page's data for `key` (so the markup is
 * the server's from the first render: no layout shift when the app takes over).
 */
export function useFirstScreenRequest<K extends WholeFirstLoad>(
  key: K,
  fetcher: () => Promise<StoreFirstScreen[K]>,
): RequestState<StoreFirstScreen[K]> & { reload: () => void } {
  const [initial] = useState(() => peekFirstScreen(key));
  const request = useRequest(fetcher);
  if (request.status === 'loading' && initial && !request.previous) {
    return { status: 'success', data: initial, reload: request.reload };
  }
  return request;
}

/**
 * The part of the page's block that `read` picks, for the first mount that reads `key` (null without data, when
 * `read` finds nothing, or once a mount has kept it: later mounts read the API).
 *
 * Reading it does not take it: React may render a component more than once before it keeps the result (a hydration
 * render it was interrupted in starts again, running `useState` initializers anew). A take in render left such a
 * second attempt without the cards, so it rendered `불러오는 중…` where the server had cards: a hydration error, the
 * slot rendered anew, the footer moved down and up again (CLS 0.143 in 2 of 8 Lighthouse runs). The mount that is
 * kept takes it, in an effect.
 */
function useServedOnce<T>(key: 'links' | 'reserveOpen', read: (page: StoreFirstScreen) => T | null): T | null {
  const [served] = useState(() => {
    const page = pageData();
    return page && !taken.has(key) ? read(page) : null;
  });
  useEffect(() => {
    if (served !== null) taken.add(key);
  }, [key, served]);
  return served;
}

/**
 * The page's first page of links as `usePagedLinks` takes it (`{ items, nextCursor }`) for the first mount of the
 * product list (the server's markup from the first render, no read); later mounts read the API. Null without data,
 * once a mount has kept it, or when the served links are for another filter than `tag` (the list's `?tag=`).
 */
export function useFirstScreenPage(tag: string | null): { items: Link[]; nextCursor: string | null } | null {
  return useServedOnce('links', (page) =>
    // The served links are for the page's own `?tag=` (GET /api/site/first-screen?tag=); another filter reads its own.
    page.tag !== tag ? null : { items: page.links, nextCursor: page.linksComplete ? null : page.linksNextCursor },
  );
}

/**
 * Whether the served page says bookings are open, for the first mount of the reservation link (the server's markup
 * from the first render, no read); null without data, when the block does not say, or once a mount has kept it (a
 * later visit of the page asks the API).
 */
export function useFirstScreenReserveOpen(): boolean | null {
  return useServedOnce('reserveOpen', (page) => page.reserveOpen);
}

/** Server rendering: the tag the provided first page is filtered by (the page's `?tag=`), or null. */
export function firstScreenTag(): string | null {
  return pageData()?.tag ?? null;
}
