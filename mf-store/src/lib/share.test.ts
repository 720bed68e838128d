import { canUseShareSheet, copyText, detectInAppBrowser, kakaoOpenExternalUrl, pageUrl, sharePage } from './share';

// User agents as the apps send them (KakaoTalk iOS / Android, Instagram iOS / Android, then ordinary browsers).
const KAKAO_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.6.5';
const KAKAO_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36;KAKAOTALK 2410420';
const INSTAGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 327.1.6.30.88 (iPhone14,5; iOS 17_4; ko_KR; ko; scale=3.00; 1170x2532; 591373220)';
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36 Instagram 327.0.0.33.95 Android (34/14; 480dpi; 1080x2115; samsung; SM-S918N; dm3q; qcom; ko_KR; 591219341)';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

describe('detectInAppBrowser', () => {
  it.each([
    ['KakaoTalk on iOS', KAKAO_IOS, 'kakaotalk'],
    ['KakaoTalk on Android', KAKAO_ANDROID, 'kakaotalk'],
    ['Instagram on iOS', INSTAGRAM_IOS, 'instagram'],
    ['Instagram on Android', INSTAGRAM_ANDROID, 'instagram'],
    ['Safari', SAFARI, null],
    ['Samsung Internet', SAMSUNG, null],
    ['no user agent', '', null],
  ])('%s', (_name, userAgent, expected) => {
    expect(detectInAppBrowser(userAgent)).toBe(expected);
  });
});

it('kakaoOpenExternalUrl encodes the whole address into KakaoTalk’s scheme', () => {
  expect(kakaoOpenExternalUrl('https://shop.example/?a=1&b=키')).toBe(
    'kakaotalk://web/openExternal?url=https%3A%2F%2Fshop.example%2F%3Fa%3D1%26b%3D%ED%82%A4',
  );
});

describe('pageUrl', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="canonical"]').forEach((link) => link.remove()));

  it('is the address without its fragment, or the canonical URL when the head names one', () => {
    window.history.replaceState(null, '', '/?tag=1#cards');
    expect(pageUrl()).toBe('http://localhost/?tag=1');
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'https://creator.example/';
    document.head.append(link);
    expect(pageUrl()).toBe('https://creator.example/');
  });
});

describe('copyText', () => {
  const execCommand = jest.fn<boolean, [string]>();
  beforeEach(() => {
    execCommand.mockReset();
    // jsdom has no execCommand; the browser's is stood in for, and records what was selected when it ran.
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  });
  afterAll(() => delete (document as { execCommand?: unknown }).execCommand);

  it('uses the Clipboard API when it is there and allowed', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    await expect(copyText('https://a.example/', { clipboard: { writeText }, document })).resolves.toBe('clipboard');
    expect(writeText).toHaveBeenCalledWith('https://a.example/');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selected read-only input and execCommand when the clipboard refuses, then cleans up', async () => {
    const writeText = jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    let selected: { value: string; readOnly: boolean; selection: string } | null = null;
    execCommand.mockImplementation((command) => {
      const input = document.activeElement as HTMLInputElement;
      selected = {
        value: input.value,
        readOnly: input.readOnly,
        selection: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      };
      return command === 'copy';
    });
    await expect(copyText('https://b.example/', { clipboard: { writeText }, document })).resolves.toBe('command');
    expect(selected).toEqual({ value: 'https://b.example/', readOnly: true, selection: 'https://b.example/' });
    expect(document.querySelector('input')).toBeNull();
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('uses execCommand when there is no Clipboard API (insecure page, old webview)', async () => {
    execCommand.mockReturnValue(true);
    await expect(copyText('https://c.example/', { clipboard: undefined, document })).resolves.toBe('command');
  });

  it('answers manual when execCommand refuses or throws too', async () => {
    execCommand.mockReturnValue(false);
    await expect(copyText('https://d.example/', { clipboard: undefined, document })).resolves.toBe('manual');
    execCommand.mockImplementation(() => {
      throw new Error('SecurityError');
    });
    await expect(copyText('https://d.example/', { clipboard: undefined, document })).resolves.toBe('manual');
    expect(document.querySelector('input')).toBeNull();
  });
});

describe('sharePage', () => {
  const data = { title: '링크 & 일정', url: 'https://e.example/' };

  it('opens the share sheet where there is one', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    await expect(sharePage(data, { share, canShare: () => true })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('tells a dismissed sheet from a missing or failing one', async () => {
    const abort = jest.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    await expect(sharePage(data, { share: abort, canShare: () => true })).resolves.toBe('dismissed');
    const fail = jest.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await expect(sharePage(data, { share: fail, canShare: () => true })).resolves.toBe('unavailable');
    await expect(sharePage(data, {} as Navigator)).resolves.toBe('unavailable');
    const refused = jest.fn();
    await expect(sharePage(data, { share: refused, canShare: () => false })).resolves.toBe('unavailable');
    expect(refused).not.toHaveBeenCalled();
  });

  it('canUseShareSheet needs navigator.share', () => {
    expect(canUseShareSheet(undefined)).toBe(false);
    expect(canUseShareSheet({} as Navigator)).toBe(false);
    expect(canUseShareSheet({ share: jest.fn() } as unknown as Navigator)).toBe(true);
  });
});
