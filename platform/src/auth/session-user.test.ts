import type * as SessionUserModule from './session-user';

const user = { id: 1, username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };

describe('session user store', () => {
  it('starts from what sessionStorage holds and writes through', async () => {
    window.sessionStorage.setItem('user', JSON.stringify(user));
    await jest.isolateModulesAsync(async () => {
      const { sessionUserStore, setSessionUser }: typeof SessionUserModule = await import('./session-user');
      expect(sessionUserStore.getState().user).toEqual(user);
      setSessionUser(null);
      expect(window.sessionStorage.getItem('user')).toBeNull();
      expect(sessionUserStore.getState().user).toBeNull();
    });
  });

  it('treats unreadable JSON as no user', async () => {
    window.sessionStorage.setItem('user', '{broken');
    await jest.isolateModulesAsync(async () => {
      const { sessionUserStore }: typeof SessionUserModule = await import('./session-user');
      expect(sessionUserStore.getState().user).toBeNull();
    });
  });

  it('hydrates a page served without a user, then shows the stored one (no hydration error)', async () => {
    // This browser has a signed-in administrator: sessionStorage holds the user when the platform loads.
    window.sessionStorage.setItem('user', JSON.stringify(user));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await jest.isolateModulesAsync(async () => {
      // React from the same module registry as the store's hook.
      const React = await import('react');
      const { hydrateRoot } = await import('react-dom/client');
      const { useSessionUser }: typeof SessionUserModule = await import('./session-user');
      const Greeting = () => React.createElement('p', null, useSessionUser()?.name ?? '방문자');
      // What the server renders for everybody (it has no session).
      const container = document.createElement('div');
      container.innerHTML = '<p>방문자</p>';
      const recoverable = jest.fn();
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await React.act(async () => {
        root = hydrateRoot(container, React.createElement(Greeting), { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.textContent).toBe('관리자');
      await React.act(async () => root?.unmount());
    });
    window.sessionStorage.removeItem('user');
  });
});
