import { useCallback, useEffect, useRef, useState } from 'react';
import type { Link } from '@linksite/contract';
import { fetchStorePage, type StorePage } from '../api/fetch-store-page';

/** What the paged product list holds (docs/decisions/0036-paged-public-read.md). */
export interface PagedLinks {
  /** Every link loaded so far, in display order. */
  items: Link[];
  /**
   * `loading`: a page is being read (the first one when `items` is empty); `error`: the last read failed (`error`),
   * `retry()` reads it again; `more`: another page exists; `done`: every page is loaded.
   */
  status: 'loading' | 'error' | 'more' | 'done';
  error: unknown;
  /** Reads the next page; does nothing unless `status` is `more` (so an observer and a button may both call it). */
  loadMore: () => void;
  /** Reads again the page that failed. */
  retry: () => void;
}

interface State {
  /** Which tag the state belongs to: a state of another tag is not shown. */
  tag: string | null;
  items: Link[];
  nextCursor: string | null;
  status: PagedLinks['status'];
  error: unknown;
}

/**
 * The public product list read page by page (docs/decisions/0036-paged-public-read.md): the first page of `tag` (null:
 * every link) on mount and whenever `tag` changes, the next one on `loadMore()`. One read at a time; an answer for a
 * tag no longer shown is dropped. `initial`: the first page of `tag` the caller already has (the server-rendered page's
 * inline data, read for the page's own `?tag=`), used instead of the first read.
 */
export function usePagedLinks(tag: string | null, initial?: StorePage): PagedLinks {
  const fromInitial = (): State =>
    initial
      ? {
          tag,
          items: initial.items,
          nextCursor: initial.nextCursor,
          status: initial.nextCursor ? 'more' : 'done',
          error: null,
        }
      : { tag, items: [], nextCursor: null, status: 'loading', error: null };
  const [state, setState] = useState<State>(fromInitial);
  const inFlight = useRef<{ tag: string | null; after: string | null } | null>(null);
  // The tag shown now, for answers arriving later (set in an effect: refs are not written during render).
  const currentTag = useRef(tag);
  useEffect(() => {
    currentTag.current = tag;
  }, [tag]);

  const read = useCallback((forTag: string | null, after: string | null) => {
    if (inFlight.current && inFlight.current.tag === forTag && inFlight.current.after === after) return;
    const request = { tag: forTag, after };
    inFlight.current = request;
    setState((s) => (s.tag === forTag ? { ...s, status: 'loading', error: null } : s));
    fetchStorePage(after, forTag).then(
      (page) => {
        if (inFlight.current === request) inFlight.current = null;
        if (currentTag.current !== forTag) return;
        setState((s) => {
          const base = s.tag === forTag && after !== null ? s.items : [];
          const seen = new Set(base.map((item) => item.id));
          return {
            tag: forTag,
            items: [...base, ...page.items.filter((item) => !seen.has(item.id))],
            nextCursor: page.nextCursor,
            status: page.nextCursor ? 'more' : 'done',
            error: null,
          };
        });
      },
      (error: unknown) => {
        if (inFlight.current === request) inFlight.current = null;
        if (currentTag.current !== forTag) return;
        setState((s) => ({
          ...(s.tag === forTag ? s : { tag: forTag, items: [], nextCursor: after }),
          status: 'error',
          error,
        }));
      },
    );
  }, []);

  // `initial` stands for the first read of the mount's tag once; coming back to that tag from another one reads it.
  const initialUnused = useRef(initial !== undefined);
  useEffect(() => {
    if (initialUnused.current) {
      initialUnused.current = false;
      return;
    }
    // A state of another tag shows as `loading` (see `shown`) until this first page arrives.
    read(tag, null);
  }, [tag, read]);

  const shown =
    state.tag === tag ? state : { tag, items: [], nextCursor: null, status: 'loading' as const, error: null };
  const { nextCursor, status, items } = shown;
  const loadMore = useCallback(() => {
    if (status === 'more' && nextCursor) read(tag, nextCursor);
  }, [status, nextCursor, tag, read]);
  const retry = useCallback(() => {
    if (status === 'error') read(tag, items.length > 0 ? nextCursor : null);
  }, [status, items.length, nextCursor, tag, read]);
  return { items: shown.items, status: shown.status, error: shown.error, loadMore, retry };
}
