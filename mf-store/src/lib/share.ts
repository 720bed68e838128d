/**
 * Sharing the public page from a phone (docs/decisions/0038-share-and-qr.md): which in-app browser the page runs in,
 * and copying its address with whatever the browser allows. Pure functions of what they are given, so each fallback is
 * testable.
 */

/** The in-app browsers that make copying an address hard and that we know how to leave. */
export type InAppBrowser = 'kakaotalk' | 'instagram';

/**
 * The in-app browser named by a user agent, or null for an ordinary browser. KakaoTalk's webview adds `KAKAOTALK`
 * (`… KAKAOTALK 10.4.3` on iOS, `… KAKAOTALK/10.4.3 (INAPP)` on Android); Instagram's adds `Instagram 300.0.0…`.
 */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  if (/\bKAKAOTALK\b/i.test(userAgent)) return 'kakaotalk';
  if (/\bInstagram\b/i.test(userAgent)) return 'instagram';
  return null;
}

/**
 * KakaoTalk's own scheme that opens `url` in the phone's default browser (Safari, Chrome, Samsung Internet) from its
 * in-app browser.
 */
export function kakaoOpenExternalUrl(url: string): string {
  return `kakaotalk://web/openExternal?url=${encodeURIComponent(url)}`;
}

/**
 * The address to share: the page's canonical URL when the head names one, else the address bar's without its
 * `#fragment`.
 */
export function pageUrl(doc: Document = document): string {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) return canonical;
  const url = new URL(doc.location.href);
  url.hash = '';
  return url.href;
}

/** How the text was copied: the async Clipboard API, the old `execCommand('copy')`, or not at all (`manual`). */
export type CopyOutcome = 'clipboard' | 'command' | 'manual';

/** What {@link copyText} needs from the browser (the real `navigator` and `document` by default). */
export interface CopyEnvironment {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  document: Document;
}

/**
 * Copies `text`. First `navigator.clipboard.writeText` (secure pages of ordinary browsers); when it is missing or
 * refused (in-app webviews often refuse it, insecure pages lack it), a selected read-only `<input>` and
 * `document.execCommand('copy')`, which iOS and Android webviews still honour inside a click. When both fail the
 * caller shows the address for copying by hand (`manual`). Never throws.
 */
export async function copyText(
  text: string,
  env: CopyEnvironment = { clipboard: globalThis.navigator?.clipboard, document },
): Promise<CopyOutcome> {
  if (env.clipboard?.writeText) {
    try {
      await env.clipboard.writeText(text);
      return 'clipboard';
    } catch {
      // Refused (no permission, not focused, a webview without it): try the old way.
    }
  }
  return copyWithCommand(text, env.document) ? 'command' : 'manual';
}

/** `execCommand('copy')` of a selected, read-only input that is put in the page for the moment of the copy. */
function copyWithCommand(text: string, doc: Document): boolean {
  if (typeof doc.execCommand !== 'function') return false;
  const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const input = doc.createElement('input');
  input.value = text;
  input.readOnly = true; // no on-screen keyboard on phones
  input.setAttribute('aria-hidden', 'true');
  // In the viewport (iOS will not select outside it) but invisible; 16px so iOS does not zoom.
  Object.assign(input.style, { position: 'fixed', top: '0', left: '0', opacity: '0', fontSize: '16px' });
  doc.body.appendChild(input);
  try {
    input.focus();
    input.select();
    input.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    input.remove();
    previousFocus?.focus();
  }
}

/** What {@link sharePage} did: the share sheet was used, dismissed by the visitor, or is not there (copy instead). */
export type ShareOutcome = 'shared' | 'dismissed' | 'unavailable';

/**
 * Opens the system share sheet (Web Share API) for `url` when the browser has one. A visitor closing the sheet
 * rejects with `AbortError` (`dismissed`); any other failure, or no `navigator.share`, is `unavailable`.
 */
export async function sharePage(
  data: { title: string; url: string },
  nav: Pick<Navigator, 'share' | 'canShare'> | undefined = globalThis.navigator,
): Promise<ShareOutcome> {
  if (!canUseShareSheet(nav, data)) return 'unavailable';
  try {
    await nav!.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof Error && error.name === 'AbortError' ? 'dismissed' : 'unavailable';
  }
}

/** Whether `nav` has a share sheet that accepts `data` (`canShare`, where present, must agree). */
export function canUseShareSheet(
  nav: Pick<Navigator, 'share' | 'canShare'> | undefined,
  data: { title: string; url: string } = { title: '', url: 'https://example.com/' },
): boolean {
  if (typeof nav?.share !== 'function') return false;
  return typeof nav.canShare !== 'function' || nav.canShare(data);
}
