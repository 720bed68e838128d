/**
 * Calls `start` once the browser has shown the served page (docs/decisions/0057-remotes-ship-alone-with-ssr.md
 * targets: the app's start must not block the first paint).
 *
 * The served HTML is the whole first screen, so nothing is lost by showing it before React, the federation runtime
 * and the remotes start; on a busy phone the paint then does not wait behind them, and the remotes' requests (their
 * entries, chunks and stylesheets) start after it instead of competing with the page's own stylesheets and images.
 *
 * "Shown" is the first contentful paint as the browser reports it (Paint Timing: the frame presented on screen, which
 * on a loaded device comes well after the main thread painted it). A browser without Paint Timing starts in the task
 * after the first animation frame (after that frame's paint); a hidden page (a tab opened in the background) gets no
 * frames until it is shown, so it starts at once. Whatever happens, `start` runs once, and at the latest
 * {@link FIRST_PAINT_WAIT_MS} after the call.
 */
export function afterFirstPaint(start: () => void, view: PaintView = window): void {
  let started = false;
  let observer: PerformanceObserver | null = null;
  const startOnce = () => {
    observer?.disconnect();
    if (started) return;
    started = true;
    start();
  };
  if (view.document.visibilityState === 'hidden') {
    startOnce();
    return;
  }
  view.setTimeout(startOnce, FIRST_PAINT_WAIT_MS);
  if (view.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const paints = new view.PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) view.setTimeout(startOnce, 0);
    });
    paints.observe({ type: 'paint', buffered: true });
    observer = paints;
    return;
  }
  view.requestAnimationFrame(() => view.setTimeout(startOnce, 0));
}

/** What afterFirstPaint uses of the window; `PerformanceObserver` is missing where the browser has none. */
export type PaintView = Pick<Window, 'document' | 'setTimeout' | 'requestAnimationFrame'> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

/** The longest the app waits for the first paint to be reported (ms): a page whose paint never is still starts. */
export const FIRST_PAINT_WAIT_MS = 3_000;
