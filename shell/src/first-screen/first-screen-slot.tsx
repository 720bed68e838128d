import {
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { useNavigate } from 'react-router-dom';
import './first-screen.css';

/**
 * The served `/` and the app's take-over of it (docs/decisions/0032-server-rendered-first-screen.md,
 * docs/first-screen.md).
 *
 * The server renders each remote's first screen into a slot, `<div class="first-screen-slot"
 * data-first-screen="<remote>/<module>" data-state="served">`, inside its own Suspense boundary. The shell then
 * HYDRATES `#root` instead of rendering over it: React keeps every served element (the banner's image, the cards) and
 * only attaches to them. A slot's boundary stays as served until its remote has loaded, then React hydrates the
 * remote's own render against the served markup; the wrapper then says `data-state="live"`. The wrapper is
 * `display: contents`, so it lays out as its content.
 */

/** The id of the page's data block (`<script type="application/json">`), read by the remotes. */
const DATA_ID = 'first-screen-data';
/** The id of the block naming the release each slot was rendered with (scripts/first-screen/first-screen-renderer.mjs). */
const RELEASES_ID = 'first-screen-releases';

/** A remote's release, as the served page names it: its version and where its files are under the remote's address. */
export interface ServedRelease {
  version: string;
  /** `releases/<version>/`, or `''` for the remote's own folder (`npm run dev`). */
  path: string;
}

/**
 * Attributes of a slot's wrapper; `state` is `served` in the HTML and until the remote has hydrated, then `live`, or
 * `static` for a slot the page keeps as served ({@link StaticFirstScreenSlot}).
 */
function slotProps(remote: string, state: 'served' | 'live' | 'static') {
  return { className: 'first-screen-slot', 'data-first-screen': remote, 'data-state': state };
}

/**
 * Server rendering of one slot (src/server/first-screen.tsx): `html`, the remote's own renderer's markup, in the
 * wrapper, in a Suspense boundary (its `<!--$-->…<!--/$-->` markers are what lets the browser hydrate the rest of the
 * page before this remote has loaded).
 */
export function ServedFirstScreenSlot({
  remote,
  html,
  state = 'served',
  wrapperRef,
}: {
  remote: string;
  html: string;
  /** `static` once a {@link StaticFirstScreenSlot} has hydrated it. */
  state?: 'served' | 'static';
  wrapperRef?: Ref<HTMLDivElement>;
}) {
  return (
    <Suspense fallback={null}>
      <div ref={wrapperRef} {...slotProps(remote, state)} dangerouslySetInnerHTML={{ __html: html }} />
    </Suspense>
  );
}

/** Slots of the served page whose markup is still the server's (not hydrated, not failed). */
let served: Set<string> | null = null;
/** Each served slot's markup as the page holds it once captured (its preloads moved out), for a static slot. */
const servedMarkup = new Map<string, string>();
/** The release of each remote whose slot was served (by federation name), from the page's releases block. */
let releases: Record<string, ServedRelease> = {};

/**
 * What a served slot's load gives: the remote's component, and whether it is the release that rendered the served
 * markup (then it hydrates that markup) or another one (the served release could not be loaded: it renders anew).
 */
export interface SlotLoad {
  Component: ComponentType;
  matchesServed: boolean;
}

/**
 * The load of each served slot's remote component, started once by its first render and kept for the page's life
 * (a re-render of the hydrated slot reads the same, settled promise).
 */
const loads = new Map<string, Promise<SlotLoad>>();

/**
 * Prepares the served first screen for hydration; call once, before `hydrateRoot`. Moves the data block to `<body>`
 * (the remotes read it there) and each slot's image preloads (React's server renderer writes them inside the slot,
 * the client render has no such elements) to `<head>`. Returns whether `root` holds a first screen to hydrate: only on
 * `/`, the page it was rendered for; otherwise the shell renders from scratch.
 */
export function captureFirstScreen(root: HTMLElement, pathname: string): boolean {
  served = new Set();
  loads.clear();
  servedMarkup.clear();
  releases = {};
  const data = document.getElementById(DATA_ID);
  if (data && root.contains(data)) document.body.appendChild(data);
  const block = document.getElementById(RELEASES_ID);
  if (block && root.contains(block)) {
    block.remove();
    releases = parseReleases(block.textContent ?? '');
  }
  const slots = root.querySelectorAll<HTMLElement>('[data-first-screen]');
  if (pathname !== '/' || slots.length === 0) return false;
  for (const slot of slots) {
    for (const preload of slot.querySelectorAll(':scope > link[rel="preload"]')) document.head.appendChild(preload);
    served.add(slot.dataset.firstScreen ?? '');
    servedMarkup.set(slot.dataset.firstScreen ?? '', slot.innerHTML);
  }
  return true;
}

/** The releases block's text, keeping only well-formed entries (a malformed block names none). */
function parseReleases(text: string): Record<string, ServedRelease> {
  try {
    const value = JSON.parse(text) as Record<string, Partial<ServedRelease>>;
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, ServedRelease] =>
          typeof entry[1]?.version === 'string' && typeof entry[1]?.path === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** The releases the served page's slots were rendered with, by remote (federation name): the browser loads those. */
export function servedReleases(): Record<string, ServedRelease> {
  return releases;
}

/** Whether `remote`'s slot is still the served markup, to be hydrated (see {@link HydratedRemote}). */
export function isFirstScreenServed(remote: string): boolean {
  return served?.has(remote) ?? false;
}

const noSubscription = () => () => undefined;
/**
 * False while React hydrates the served page (the server's snapshot), true from the render after and in any render
 * that is not a hydration: for what the served HTML does not have (the footer).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A served slot's remote, hydrated over the served markup: suspends (the served markup stays as it is) until
 * `load()` has given the component, then renders it in the slot's wrapper. The load starts once per slot, on the
 * first render. A failed load throws to the caller's error boundary. After hydration the slot is released: a later
 * mount of the same remote loads it the usual way.
 *
 * When the load gives another release than the one that rendered the served markup (that release could not be
 * loaded; docs/decisions/0060-page-matches-code.md), the slot hydrates as the served markup it is and then renders that
 * release anew: a page and code of two releases never meet in a hydration.
 */
export function HydratedRemote({ remote, load }: { remote: string; load: () => Promise<SlotLoad> }): ReactNode {
  let loading = loads.get(remote);
  if (!loading) {
    loading = load();
    // A failed load leaves the slot to the error boundary: no later mount hydrates it.
    loading.catch(() => served?.delete(remote));
    loads.set(remote, loading);
  }
  const { Component, matchesServed } = use(loading);
  // The same element on every render: the render after hydration (the wrapper's state turning `live`) then updates
  // the wrapper only, instead of rendering the whole remote (48 cards) again in one task.
  // Not a component created here: `use` returns the one component of the slot's load, settled once for the page.
  const content = useMemo(() => <Component />, [Component]);
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    served?.delete(remote);
  }, [remote, hydrated]);
  if (!matchesServed && !hydrated) {
    return (
      <div
        key="served"
        {...slotProps(remote, 'served')}
        dangerouslySetInnerHTML={{ __html: servedMarkup.get(remote) ?? '' }}
      />
    );
  }
  return (
    <div key="live" {...slotProps(remote, hydrated ? 'live' : 'served')}>
      {content}
    </div>
  );
}

/** The served markup of `remote`'s slot while it is still the server's, or null (not served, or hydrated since). */
export function servedSlotMarkup(remote: string): string | null {
  return isFirstScreenServed(remote) ? (servedMarkup.get(remote) ?? null) : null;
}

/** A click that opens a link of this site in the same tab: what a router link would navigate (`/path?query#hash`). */
function inSiteNavigation(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A served slot kept as the server rendered it, without its remote (docs/decisions/0034-visitor-loads-what-it-shows.md,
 * "a visitor loads only what it shows"): the banner for a browser that has never signed in, whose served markup is all
 * it would show (plans, cover, the reservation link; the cover-edit button is for signed-in staff, who get the live
 * remote). React hydrates the wrapper and leaves its content alone (`dangerouslySetInnerHTML` with the markup captured
 * before hydration, so the served elements stay, untouched by later renders and router updates). Its links of this site
 * navigate through the router, as the remote's `Link`s would, instead of loading the page anew.
 */
export function StaticFirstScreenSlot({ remote, html }: { remote: string; html: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // A callback ref: the wrapper is in a Suspense boundary React hydrates after the rest, so it is attached later than
  // this component's effects run.
  const listen = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return undefined;
      const onClick = (event: MouseEvent) => {
        const to = inSiteNavigation(event);
        if (to === null) return;
        event.preventDefault();
        void navigate(to);
      };
      element.addEventListener('click', onClick);
      return () => element.removeEventListener('click', onClick);
    },
    [navigate],
  );
  // The server's own element and markup (`served` while hydrating, so nothing differs), then `static`.
  return (
    <ServedFirstScreenSlot remote={remote} html={html} state={hydrated ? 'static' : 'served'} wrapperRef={listen} />
  );
}
