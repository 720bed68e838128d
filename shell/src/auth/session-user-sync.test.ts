import { resetAuth, sessionUserStore, setSessionUser } from '@linksite/platform';
import { serve } from '@linksite/platform/src/testing/fake-http';
import { ADMIN, signIn, VIEWER } from '../testing/sign-in';
import { startSessionUserSync } from './session-user-sync';

const record = { id: 1, username: 'admin', name: '관리자', email: 'admin@localhost', roles: ['admin'] };

/** A fake API for POST /login: answers `status` with `body`. */
function answerLogin(status: number, body: unknown): jest.Mock {
  return serve({ 'POST /login': () => ({ status, data: body }) });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let stop: () => void = () => undefined;

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});
afterAll(() => resetAuth());

describe('session user sync', () => {
  it('after sign-in posts /api/login with the token and stores the answer as sessionStorage user', async () => {
    await signIn(ADMIN);
    const adapter = answerLogin(200, { product: record });
    stop = startSessionUserSync();
    await settle();
    expect(adapter).toHaveBeenCalledTimes(1);
    const [request] = adapter.mock.calls[0];
    expect(request.method).toBe('post');
    expect(request.url).toBe('/login');
    expect(request.headers.get('Authorization')).toBe('Bearer access-0');
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? 'null')).toEqual(record);
    expect(sessionUserStore.getState().user).toEqual(record);
  });

  it('does not post again for the same user', async () => {
    await signIn(ADMIN);
    const adapter = answerLogin(200, { message: '로그인되었습니다.', product: record });
    stop = startSessionUserSync();
    await settle();
    expect(sessionUserStore.getState().user).toEqual(record);
    stop();
    stop = startSessionUserSync();
    await settle();
    expect(adapter).toHaveBeenCalledTimes(1);
  });

  it('posts again when sessionStorage holds another user', async () => {
    await signIn(ADMIN);
    setSessionUser({ ...record, id: 2, username: 'someone-else' });
    const adapter = answerLogin(200, { product: record });
    stop = startSessionUserSync();
    await settle();
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(sessionUserStore.getState().user?.username).toBe('admin');
  });

  it('leaves user unset on 403', async () => {
    await signIn(VIEWER);
    const adapter = answerLogin(403, { statusCode: 403, message: '관리자 권한이 없습니다.' });
    stop = startSessionUserSync();
    await settle();
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('user')).toBeNull();
  });

  it('removes a leftover user when the check finds nobody signed in', async () => {
    await signIn(null);
    window.sessionStorage.setItem('user', JSON.stringify(record));
    sessionUserStore.setState({ user: record });
    const adapter = answerLogin(200, {});
    stop = startSessionUserSync();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(adapter).not.toHaveBeenCalled();
  });
});
