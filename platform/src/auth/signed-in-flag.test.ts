import { hasSignedInBefore, isSignInCallback, setSignedInBefore, SIGNED_IN_FLAG_KEY } from './signed-in-flag';

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('signed-in flag', () => {
  it('is unset in a fresh browser, set and cleared in localStorage (a flag, not a token)', () => {
    expect(hasSignedInBefore()).toBe(false);
    setSignedInBefore(true);
    expect(window.localStorage.getItem(SIGNED_IN_FLAG_KEY)).toBe('1');
    expect(hasSignedInBefore()).toBe(true);
    setSignedInBefore(false);
    expect(window.localStorage.getItem(SIGNED_IN_FLAG_KEY)).toBeNull();
    expect(hasSignedInBefore()).toBe(false);
  });

  it('reads as unset, and writes nothing, when storage is blocked', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => setSignedInBefore(true)).not.toThrow();
    expect(hasSignedInBefore()).toBe(false);
  });

  it.each([
    ['#state=abc&session_state=x&code=123', true],
    ['#error=login_required&state=abc', true],
    ['#title', false],
    ['#state=abc', false],
    ['', false],
  ])('tells the identity server answer %j: %s', (hash, expected) => {
    expect(isSignInCallback(hash)).toBe(expected);
  });
});
