/**
 * d3-cloud's sprite canvas, read only where words were drawn (issue 14 item 8b).
 *
 * Before placing a batch of words, d3-cloud draws them on a canvas of a fixed 2048 × 2048 px (constants of the
 * library), then reads the WHOLE canvas back with `getImageData` to build each word's collision mask, and clears the
 * whole canvas before the next batch. Reading 16 MB of pixels back costs about 30 ms on a desktop CPU, 120 ms on
 * Lighthouse's phone, in one task the layout's time slices cannot split: the page's longest task after the take-over.
 * The words of a batch are drawn row by row from the top, each after a `translate` to its centre, so the rows below
 * twice the lowest centre are never drawn on; this canvas reads and clears only the rows above that line. The library
 * indexes the pixels as rows of the full width, and every row it reads is one of those; what it gets is the same.
 */

/** One more row than the library's rounding can put a word's last row below its centre's double (see above). */
const MARGIN_ROWS = 2;

/**
 * `context` with `getImageData` and `clearRect` limited to the rows words were drawn on since the last clear
 * (`translate(x, y)` marks a word's centre; its box ends by row 2y). Everything else goes to `context` as it is.
 */
export function boundReads(context: CanvasRenderingContext2D): CanvasRenderingContext2D {
  let drawnRows = 0;
  const bounded: Partial<CanvasRenderingContext2D> = {
    translate(x: number, y: number) {
      drawnRows = Math.max(drawnRows, Math.ceil(2 * y) + MARGIN_ROWS);
      context.translate(x, y);
    },
    clearRect(x: number, y: number, width: number, height: number) {
      context.clearRect(x, y, width, Math.min(height, drawnRows));
      drawnRows = 0;
    },
    getImageData(x: number, y: number, width: number, height: number) {
      return context.getImageData(x, y, width, Math.max(1, Math.min(height, drawnRows)));
    },
  };
  return new Proxy(context, {
    get(target, key) {
      if (key in bounded) return bounded[key as keyof typeof bounded];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
}

/** A canvas for d3-cloud's `canvas()` option whose 2D context reads only the rows drawn on ({@link boundReads}). */
export function boundedSpriteCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const getContext = canvas.getContext.bind(canvas) as (type: string, options?: unknown) => RenderingContext | null;
  let bounded: CanvasRenderingContext2D | null = null;
  canvas.getContext = ((type: string, options?: unknown) => {
    if (type !== '2d') return getContext(type, options);
    const context = getContext(type, options) as CanvasRenderingContext2D | null;
    if (!context) return null;
    bounded ??= boundReads(context);
    return bounded;
  }) as typeof canvas.getContext;
  return canvas;
}
