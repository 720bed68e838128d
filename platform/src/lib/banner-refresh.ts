import { createStore, useStore } from 'zustand';

/**
 * A counter the banner (mf_plans) watches: screens of other remotes that change what it shows — plans, the cover —
 * call {@link bannerChanged} after a successful write, and the banner fetches again
 * (docs/product.md#2-screens-and-routes: the banner reflects every change). One store per page, since the platform is a
 * federation singleton.
 */
export const bannerRefreshStore = createStore<{ version: number }>(() => ({ version: 0 }));

/** Tells the banner its plans or cover changed on the server. */
export function bannerChanged(): void {
  bannerRefreshStore.setState((state) => ({ version: state.version + 1 }));
}

/** The banner's refresh counter; changes after every {@link bannerChanged}. */
export function useBannerVersion(): number {
  return useStore(bannerRefreshStore, (state) => state.version);
}
