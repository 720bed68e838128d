/**
 * d3-cloud's sprite canvas, only as tall as the words drawn on it, and read only where they were drawn
 * (docs/decisions/0039-measured-not-asserted.md, docs/decisions/0057-remotes-ship-alone-with-ssr.md targets).
 *
 * Before placing a batch of words, d3-cloud draws them on a canvas of a fixed 2048 × 2048 px (constants of the
 * library), then reads the WHOLE canvas back with `getImageData` to build each word's collision mask, and clears the
 * whole canvas before the next batch. The words of a batch are drawn row by row from the top, each after a `translate`
 * to its centre, so the rows below twice the lowest centre are never drawn on:
 * - reads and clears stop at that line ({@link boundReads}). Reading 16 MB of pixels back cost about 30 ms on a
 *   desktop CPU, 120 ms on Lighthouse's phone, in one task the layout's time slices cannot split;
 * - the canvas itself starts {@link INITIAL_ROWS} rows tall and grows when a word is drawn below that, keeping what
 *   is drawn ({@link boundedSpriteCanvas}). Its first draw used to make the browser allocate and clear all 2048 rows
 *   (16 MB): 10 ms on a desktop CPU, 30–45 ms at 4× slower, for a cloud whose words fill fewer than 100 rows.
 * The library indexes the pixels as rows of the full width, and every row it reads is one of those; what it gets is
 * the same.
 */

/** One more row than the library's rounding can put a word's last row below its centre's double (see above). */
const MARGIN_ROWS = 2;

/**
 * Rows the sprite canvas starts with: a cloud of up to 100 words of 20–40 px (docs/product.md#9-constants-and-limits)
 * mostly fits.
 */
export const INITIAL_ROWS = 256;

/** The drawing state d3-cloud sets and relies on, which a canvas loses when it is resized. */
interface DrawingState {
  transform: DOMMatrix;
  font: string;
  fillStyle: CanvasRenderingContext2D['fillStyle'];
  strokeStyle: CanvasRenderingContext2D['strokeStyle'];
  lineWidth: number;
}

function stateOf(context: CanvasRenderingContext2D): DrawingState {
  return {
    transform: context.getTransform(),
    font: context.font,
    fillStyle: context.fillStyle,
    strokeStyle: context.strokeStyle,
    lineWidth: context.lineWidth,
  };
}

function applyState(context: CanvasRenderingContext2D, state: DrawingState): void {
  context.setTransform(state.transform);
  context.font = state.font;
  context.fillStyle = state.fillStyle;
  context.strokeStyle = state.strokeStyle;
  context.lineWidth = state.lineWidth;
}

/**
 * The canvas's real height, and how to change it; a resize clears the canvas and its drawing state, as the element's
 * own `height` does.
 */
export interface SpriteCanvasRows {
  rows(): number;
  /** The height the library asked for: the canvas never grows past it. */
  limit(): number;
  resize(rows: number): void;
}

/**
 * `context` with `getImageData` and `clearRect` limited to the rows words were drawn on since the last clear
 * (`translate(x, y)` marks a word's centre; its box ends by row 2y). Given `canvasRows`, a word centred below the
 * canvas's real height first grows it (to twice its height, or to that word's rows, at most the library's height),
 * keeping the pixels drawn and the drawing state, saved states included. Everything else goes to `context` as it is.
 */
export function boundReads(context: CanvasRenderingContext2D, canvasRows?: SpriteCanvasRows): CanvasRenderingContext2D {
  let drawnRows = 0;
  // What each pending save() saved, to save it again after a resize (which empties the canvas's own stack).
  const saved: DrawingState[] = [];
  const grow = (rows: number) => {
    if (!canvasRows || rows <= canvasRows.rows() || canvasRows.rows() >= canvasRows.limit()) return;
    const width = context.canvas.width;
    const kept = drawnRows > 0 ? context.getImageData(0, 0, width, Math.min(drawnRows, canvasRows.rows())) : null;
    const current = stateOf(context);
    canvasRows.resize(Math.min(canvasRows.limit(), Math.max(rows, 2 * canvasRows.rows())));
    if (kept) context.putImageData(kept, 0, 0);
    for (const state of saved) {
      applyState(context, state);
      context.save();
    }
    applyState(context, current);
  };
  const bounded: Partial<CanvasRenderingContext2D> = {
    save() {
      saved.push(stateOf(context));
      context.save();
    },
    restore() {
      saved.pop();
      context.restore();
    },
    translate(x: number, y: number) {
      const rows = Math.ceil(2 * y) + MARGIN_ROWS;
      grow(rows);
      drawnRows = Math.max(drawnRows, rows);
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

/**
 * A canvas for d3-cloud's `canvas()` option: the height the library sets is a limit, the real one starts at
 * {@link INITIAL_ROWS} and grows as words are drawn lower, and its 2D context reads only the rows drawn on
 * ({@link boundReads}).
 */
export function boundedSpriteCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  // The element's own `height` (read here, not at load: the server build has no DOM).
  const canvasHeight = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'height')!;
  let limit = canvasHeight.get!.call(canvas) as number;
  const setRows = (rows: number) => canvasHeight.set!.call(canvas, rows);
  // The library sets and reads `height` as the canvas's height: it sees the limit it set.
  Object.defineProperty(canvas, 'height', {
    configurable: true,
    get: () => limit,
    set: (value: number) => {
      limit = value;
      setRows(Math.min(value, INITIAL_ROWS));
    },
  });
  const rows: SpriteCanvasRows = {
    rows: () => canvasHeight.get!.call(canvas) as number,
    limit: () => limit,
    resize: setRows,
  };
  const getContext = canvas.getContext.bind(canvas) as (type: string, options?: unknown) => RenderingContext | null;
  let bounded: CanvasRenderingContext2D | null = null;
  canvas.getContext = ((type: string, options?: unknown) => {
    if (type !== '2d') return getContext(type, options);
    const context = getContext(type, options) as CanvasRenderingContext2D | null;
    if (!context) return null;
    bounded ??= boundReads(context, rows);
    return bounded;
  }) as typeof canvas.getContext;
  return canvas;
}
