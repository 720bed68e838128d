import { afterFirstPaint, FIRST_PAINT_WAIT_MS, type PaintView } from './after-first-paint';

type PaintCallback = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;

/**
 * A window as far as afterFirstPaint sees it: its visibility, timers (jest's fake ones), animation frames run by
 * `frame()`, and, with `paintTiming`, a PerformanceObserver whose paints are reported by `paint(name)`.
 */
function fakeView({ hidden = false, paintTiming = true } = {}) {
  const frames: (() => void)[] = [];
  const observers: { callback: PaintCallback; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    private readonly record: { callback: PaintCallback; connected: boolean };
    constructor(callback: PaintCallback) {
      this.record = { callback, connected: false };
      observers.push(this.record);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.record.connected = true;
    }
    disconnect() {
      this.record.connected = false;
    }
  }
  const view = {
    document: { visibilityState: hidden ? 'hidden' : 'visible' },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    PerformanceObserver: FakeObserver,
  } as unknown as PaintView;
  return {
    view,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    paint: (name: string) =>
      observers
        .filter((observer) => observer.connected)
        .forEach((observer) => observer.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) })),
    connectedObservers: () => observers.filter((observer) => observer.connected).length,
  };
}

describe('afterFirstPaint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts in the task after the first contentful paint is reported, once, and stops observing', () => {
    const { view, frame, paint, connectedObservers } = fakeView();
    const start = jest.fn();
    afterFirstPaint(start, view);
    frame();
    paint('first-paint');
    jest.advanceTimersByTime(100);
    expect(start).not.toHaveBeenCalled();

    paint('first-contentful-paint');
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(connectedObservers()).toBe(0);

    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the longest wait when no paint is reported', () => {
    const { view, connectedObservers } = fakeView();
    const start = jest.fn();
    afterFirstPaint(start, view);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(connectedObservers()).toBe(0);
  });

  it('without Paint Timing, starts in the task after the first animation frame', () => {
    const { view, frame } = fakeView({ paintTiming: false });
    const start = jest.fn();
    afterFirstPaint(start, view);
    jest.advanceTimersByTime(0);
    expect(start).not.toHaveBeenCalled();
    frame();
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a hidden page, which gets no frames', () => {
    const { view } = fakeView({ hidden: true });
    const start = jest.fn();
    afterFirstPaint(start, view);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
