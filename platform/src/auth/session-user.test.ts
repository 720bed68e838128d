import type * as SessionUserModule from './session-user';

const user = { id: 1, username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };

describe('session user store', () => {
  it('starts from what sessionStorage holds and writes through', () => {
    window.sessionStorage.setItem('user', JSON.stringify(user));
    jest.isolateModules(() => {
      const { sessionUserStore, setSessionUser } = require('./session-user') as typeof SessionUserModule;
      expect(sessionUserStore.getState().user).toEqual(user);
      setSessionUser(null);
      expect(window.sessionStorage.getItem('user')).toBeNull();
      expect(sessionUserStore.getState().user).toBeNull();
    });
  });

  it('treats unreadable JSON as no user', () => {
    window.sessionStorage.setItem('user', '{broken');
    jest.isolateModules(() => {
      const { sessionUserStore } = require('./session-user') as typeof SessionUserModule;
      expect(sessionUserStore.getState().user).toBeNull();
    });
  });
});
