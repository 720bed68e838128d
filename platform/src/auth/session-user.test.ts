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
});
