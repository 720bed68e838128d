import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShareBar } from './share-bar';

const KAKAO_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.6.5';
const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 327.1.6.30.88';

const userAgent = jest.spyOn(navigator, 'userAgent', 'get');
const execCommand = jest.fn<boolean, [string]>();

function setNavigator(values: { clipboard?: unknown; share?: unknown }) {
  for (const [key, value] of Object.entries(values))
    Object.defineProperty(navigator, key, { configurable: true, value });
}

beforeEach(() => {
  userAgent.mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36');
  setNavigator({ clipboard: undefined, share: undefined });
  execCommand.mockReset();
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  window.history.replaceState(null, '', '/#top');
});

describe('ShareBar (docs/decisions/0038-share-and-qr.md)', () => {
  it('copies the page address with the Clipboard API and confirms in Korean; no share button without Web Share', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator({ clipboard: { writeText } });
    render(<ShareBar />);
    expect(screen.queryByRole('button', { name: '공유하기' })).toBeNull();
    expect(screen.queryByTestId('in-app-hint')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '링크 복사' })));
    expect(writeText).toHaveBeenCalledWith('http://localhost/');
    expect(screen.getByRole('status')).toHaveTextContent('링크를 복사했습니다.');
  });

  it('shows the address selected for copying by hand when neither way of copying works', async () => {
    setNavigator({ clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } });
    execCommand.mockReturnValue(false);
    render(<ShareBar />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '링크 복사' })));
    expect(screen.getByRole('status')).toHaveTextContent('아래 주소를 길게 눌러 복사해 주세요.');
    const input = screen.getByRole('textbox', { name: '이 페이지 주소' }) as HTMLInputElement;
    expect(input).toHaveValue('http://localhost/');
    expect(input.readOnly).toBe(true);
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'http://localhost/'.length]);
  });

  it('opens the share sheet where there is one; a failing sheet falls back to copying', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator({ share });
    render(<ShareBar />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '공유하기' })));
    expect(share).toHaveBeenCalledWith({ title: document.title, url: 'http://localhost/' });
    expect(execCommand).not.toHaveBeenCalled();

    share.mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    execCommand.mockReturnValue(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '공유하기' })));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status')).toHaveTextContent('링크를 복사했습니다.');
  });

  it('in KakaoTalk, suggests the phone’s browser through kakaotalk://web/openExternal; the hint can be closed', () => {
    userAgent.mockReturnValue(KAKAO_IOS);
    render(<ShareBar />);
    const hint = screen.getByTestId('in-app-hint');
    expect(hint).toHaveTextContent('카카오톡 안에서 보고 계십니다.');
    expect(screen.getByRole('link', { name: '브라우저로 열기' })).toHaveAttribute(
      'href',
      'kakaotalk://web/openExternal?url=http%3A%2F%2Flocalhost%2F',
    );
    fireEvent.click(screen.getByRole('button', { name: '안내 닫기' }));
    expect(screen.queryByTestId('in-app-hint')).toBeNull();
  });

  it('in Instagram, tells where its menu opens the external browser (no scheme to offer)', () => {
    userAgent.mockReturnValue(INSTAGRAM);
    render(<ShareBar />);
    expect(screen.getByTestId('in-app-hint')).toHaveTextContent('외부 브라우저에서 열기');
    expect(screen.queryByRole('link', { name: '브라우저로 열기' })).toBeNull();
  });
});
