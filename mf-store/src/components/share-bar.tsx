import { useEffect, useRef, useState } from 'react';
import { useBrowserFact } from '../hooks/use-browser-fact';
import { messages } from '../lib/messages';
import {
  canUseShareSheet,
  copyText,
  detectInAppBrowser,
  kakaoOpenExternalUrl,
  pageUrl,
  sharePage,
  type CopyOutcome,
} from '../lib/share';

/** How long the `링크를 복사했습니다.` confirmation stays, in milliseconds. */
const CONFIRMATION_MS = 4000;

/**
 * The public page's share row (docs/decisions/0038-share-and-qr.md): `링크 복사` copies the page address (Clipboard API,
 * else `execCommand('copy')`, else the address shown selected for copying by hand) and confirms in Korean; `공유하기` opens
 * the phone's share sheet where the browser has one (Web Share API). Inside KakaoTalk's or Instagram's in-app browser a
 * hint at the bottom of the screen suggests the phone's browser (KakaoTalk: a button through
 * `kakaotalk://web/openExternal`). The hint is fixed to the viewport, so it never moves the page.
 */
export function ShareBar() {
  const inApp = useBrowserFact(() => detectInAppBrowser(navigator.userAgent), null);
  const canShare = useBrowserFact(() => canUseShareSheet(navigator), false);
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const [hintClosed, setHintClosed] = useState(false);
  const manualRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome !== 'clipboard' && outcome !== 'command') return undefined;
    const timer = setTimeout(() => setOutcome(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  // Copying by hand: the address is selected, ready for the phone's own copy menu.
  useEffect(() => {
    manualRef.current?.focus();
    manualRef.current?.select();
  }, [manualUrl]);

  const copy = async () => {
    const url = pageUrl();
    setOutcome(null);
    const result = await copyText(url);
    setOutcome(result);
    setManualUrl(result === 'manual' ? url : null);
  };

  const share = async () => {
    const result = await sharePage({ title: document.title, url: pageUrl() });
    if (result === 'unavailable') await copy();
  };

  return (
    <div className="share-bar" role="group" aria-label={messages.shareRegion} data-testid="share-bar">
      <div className="share-bar__buttons">
        {canShare && (
          <button type="button" className="share-bar__button" onClick={() => void share()}>
            {messages.share}
          </button>
        )}
        <button type="button" className="share-bar__button" onClick={() => void copy()} data-testid="copy-link-button">
          {messages.copyLink}
        </button>
      </div>
      <p className="share-bar__status" role="status" data-testid="share-status">
        {outcome === 'clipboard' || outcome === 'command' ? messages.linkCopied : null}
        {outcome === 'manual' ? messages.copyByHand : null}
      </p>
      {manualUrl && (
        <input
          ref={manualRef}
          className="share-bar__manual"
          readOnly
          value={manualUrl}
          aria-label={messages.pageAddress}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-manual-url"
        />
      )}
      {inApp && !hintClosed && (
        <div className="in-app-hint" role="note" data-testid="in-app-hint">
          <p className="in-app-hint__text">{messages.inAppHint[inApp]}</p>
          <div className="in-app-hint__actions">
            {inApp === 'kakaotalk' && (
              <a className="in-app-hint__open" href={kakaoOpenExternalUrl(pageUrl())} data-testid="open-external">
                {messages.openInBrowser}
              </a>
            )}
            <button type="button" className="in-app-hint__close" onClick={() => setHintClosed(true)}>
              {messages.closeHint}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
