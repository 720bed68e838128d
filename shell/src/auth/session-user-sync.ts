import { authStore, sessionUserStore, setSessionUser, type AuthState } from '@linksite/platform';
import { postLogin } from '../api/post-login';

/**
 * Keeps sessionStorage `user` in step with the sign-in (docs/product.md#7-api-calls `POST /api/login`,
 * docs/product.md#2-screens-and-routes banner):
 * - signed in and no `user` (or another user's): `POST /api/login`, store the answer. A failure (403 for a user
 *   without the administrator role) leaves `user` unset; it is tried once per sign-in.
 * - initialised and signed out: a leftover `user` from an ended session is removed.
 * @returns unsubscribe
 */
export function startSessionUserSync(): () => void {
  let triedFor: string | null = null;

  const sync = (state: AuthState) => {
    const { user } = sessionUserStore.getState();
    if (!state.authenticated || !state.profile) {
      triedFor = null;
      if (state.initialized && user) setSessionUser(null);
      return;
    }
    const { username } = state.profile;
    if (user?.username === username || triedFor === username) return;
    triedFor = username;
    postLogin().then(
      (answer) => {
        if (authStore.getState().profile?.username === username) setSessionUser(answer);
      },
      (error: unknown) => console.warn('[auth] POST /api/login failed', error),
    );
  };

  sync(authStore.getState());
  return authStore.subscribe(sync);
}
