import { clearReturnPath, readReturnPath, rememberReturnPath, RETURN_PATH_KEY, safeReturnPath } from './return-path';

describe('safeReturnPath (docs/decisions/0055-form-flow.md: no open redirect)', () => {
  it.each([
    ['/main/list', '/main/list'],
    ['/plan/edit/3?from=list#title', '/plan/edit/3?from=list#title'],
    ['/main/edit/7', '/main/edit/7'],
    ['/popup/../main/list', '/main/list'],
    ['/reserve/%ED%8C%9D%EC%97%85', '/reserve/%ED%8C%9D%EC%97%85'],
  ])('accepts the same-origin path %s as %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/main/list',
    'http://localhost:8080/main/list',
    '//evil.example/main/list',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'main/list',
    '',
    '/',
    '/login',
    '/login?next=/admin',
    `/${'a'.repeat(2048)}`,
    null,
    undefined,
    42,
  ])('refuses %p', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('the kept return path', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('is kept in sessionStorage, read back and forgotten', () => {
    rememberReturnPath('/uploadimage');
    expect(window.sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/uploadimage');
    expect(readReturnPath()).toBe('/uploadimage');
    clearReturnPath();
    expect(readReturnPath()).toBeNull();
  });

  it('does not keep a refused path, and keeps the previous one instead', () => {
    rememberReturnPath('/main/list');
    rememberReturnPath('//evil.example');
    expect(readReturnPath()).toBe('/main/list');
  });

  it('checks again what it reads, whoever wrote it', () => {
    window.sessionStorage.setItem(RETURN_PATH_KEY, 'https://evil.example/');
    expect(readReturnPath()).toBeNull();
  });
});
