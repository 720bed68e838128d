import { Browser, BrowserContext, chromium } from 'playwright-core';

/** One `securitypolicyviolation` event seen in a page (or a frame of it) of a browser test. */
export interface CspViolation {
  /** Address of the document that saw it. */
  page: string;
  /** The directive that refused (`script-src-elem`, `style-src-attr`, …). */
  directive: string;
  /** What was refused: a URL, `inline` or `eval`. */
  blocked: string;
  /** Where it came from (`file:line`), when the browser says. */
  source: string;
  /** The first characters of an inline script or style, when the browser says. */
  sample: string;
}

const violations: CspViolation[] = [];

/** The CSP violations seen since the last call (every page of every context of {@link launchChromium}); clears them. */
export function takeCspViolations(): CspViolation[] {
  return violations.splice(0);
}

/**
 * Every test file that drives a browser imports this module: after each test, a Content-Security-Policy violation
 * seen in any page fails that test (docs/decisions/0041-security-headers.md: the site's policy must never get in the
 * way of the site).
 */
afterEach(() => {
  const seen = takeCspViolations();
  if (seen.length > 0) {
    const lines = seen.map((v) => `- ${v.directive} refused ${v.blocked} on ${v.page} (${v.source}) ${v.sample}`);
    throw new Error(`Content-Security-Policy 위반 ${seen.length}건:\n${lines.join('\n')}`);
  }
});

/** Reports every `securitypolicyviolation` of every frame of `context`'s pages into {@link takeCspViolations}. */
async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__linksiteCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __linksiteCspViolation: (v: CspViolation) => void }).__linksiteCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      void report({
        page: location.href,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs. Every context it opens (and so
 * every `browser.newPage()`) watches for CSP violations; see {@link takeCspViolations}.
 * @param extraArgs more command-line flags, after these (a fake camera fed from a file, say: checkin.e2e.ts).
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchCspViolations(context);
    return context;
  };
  return browser;
}
