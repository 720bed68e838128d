import type { Administrator } from '@linksite/contract';
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

/**
 * The administrator record `POST /api/login` answers, kept as JSON in sessionStorage `user`
 * (docs/product.md#7-api-calls).
 */
export type SessionUser = Administrator;

/** The sessionStorage (and, for logout, localStorage) key the spec names. */
export const SESSION_USER_KEY = 'user';

function readStoredUser(): SessionUser | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/**
 * sessionStorage `user` as a store. The `storage` event never fires in the tab that wrote the value, so whoever
 * writes it goes through {@link setSessionUser} and same-tab readers (the banner's cover-edit button,
 * docs/product.md#2-screens-and-routes) subscribe here. Initial value: what sessionStorage holds when the platform
 * loads.
 */
export const sessionUserStore = createStore<{ user: SessionUser | null }>(() => ({ user: readStoredUser() }));

/** Writes (or, with null, removes) sessionStorage `user` and tells the subscribers. */
export function setSessionUser(user: SessionUser | null): void {
  if (user) window.sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
  else window.sessionStorage.removeItem(SESSION_USER_KEY);
  sessionUserStore.setState({ user });
}

const currentUser = () => sessionUserStore.getState().user;
const noUserOnServer = () => null;

/**
 * The session user, re-rendering when it is written or removed. Null in a server render and while the page hydrates
 * one (the served first screen is the same for everybody, docs/decisions/0032-server-rendered-first-screen.md), then
 * the stored user: a signed-in administrator's banner gains its cover-edit button after hydration instead of failing
 * it.
 */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(sessionUserStore.subscribe, currentUser, noUserOnServer);
}
