import { boundedSpriteCanvas, boundReads, INITIAL_ROWS, type SpriteCanvasRows } from './sprite-canvas';

/** A stand-in 2D context (jsdom has none) that records what reaches it. */
function recordingContext() {
  const calls: { name: string; args: unknown[]; self: unknown }[] = [];
  const record = (name: string) =>
    function (this: unknown, ...args: unknown[]) {
      calls.push({ name, args, self: this });
      return name === 'getImageData' ? { data: new Uint8ClampedArray(4) } : undefined;
    };
  const context = {
    font: '',
    translate: record('translate'),
    clearRect: record('clearRect'),
    getImageData: record('getImageData'),
    fillText: record('fillText'),
  };
  return { context, calls, last: (name: string) => calls.filter((call) => call.name === name).at(-1)! };
}

describe('boundReads (d3-cloud sprite canvas read only where words were drawn)', () => {
  it('reads back and clears only down to twice the lowest word centre, plus the rounding margin', () => {
    const { context, last } = recordingContext();
    const bounded = boundReads(context as unknown as CanvasRenderingContext2D);
    bounded.translate(120, 40);
    bounded.translate(900, 90.5);
    bounded.translate(300, 60);
    bounded.getImageData(0, 0, 2048, 2048);
    expect(last('getImageData').args).toEqual([0, 0, 2048, 183]);
    expect(last('translate').args).toEqual([300, 60]);

    bounded.clearRect(0, 0, 2048, 2048);
    expect(last('clearRect').args).toEqual([0, 0, 2048, 183]);
    // Cleared: nothing is drawn until the next word, and a read asks for at least one row.
    bounded.getImageData(0, 0, 2048, 2048);
    expect(last('getImageData').args).toEqual([0, 0, 2048, 1]);
  });

  it('never reads more than asked (a word centred near the bottom)', () => {
    const { context, last } = recordingContext();
    const bounded = boundReads(context as unknown as CanvasRenderingContext2D);
    bounded.translate(10, 2000);
    bounded.getImageData(0, 0, 2048, 2048);
    expect(last('getImageData').args).toEqual([0, 0, 2048, 2048]);
  });

  it('passes every other call and property to the context itself', () => {
    const { context, last } = recordingContext();
    const bounded = boundReads(context as unknown as CanvasRenderingContext2D);
    bounded.font = '700 20px sans-serif';
    bounded.fillText('키워드', 0, 0);
    expect(context.font).toBe('700 20px sans-serif');
    expect(last('fillText')).toEqual({ name: 'fillText', args: ['키워드', 0, 0], self: context });
  });
});

/**
 * A stand-in 2D context with a canvas of `rows` real rows whose drawing state a resize resets, as a browser's does;
 * its pixels are one number per row (the row's index + 1 where something was drawn).
 */
function resizableContext(initialRows: number, limit: number) {
  const calls: { name: string; args: unknown[] }[] = [];
  let rows = initialRows;
  const fresh = () => ({ transform: 'identity', font: '10px sans-serif', fillStyle: '#000000', lineWidth: 1 });
  let state = fresh();
  let stack: (typeof state)[] = [];
  const context = {
    canvas: { width: 2048 },
    get font() {
      return state.font;
    },
    set font(value: string) {
      state.font = value;
    },
    get fillStyle() {
      return state.fillStyle;
    },
    set fillStyle(value: string) {
      state.fillStyle = value;
    },
    strokeStyle: '#000000',
    get lineWidth() {
      return state.lineWidth;
    },
    set lineWidth(value: number) {
      state.lineWidth = value;
    },
    getTransform: () => state.transform,
    setTransform: (transform: string) => {
      state.transform = transform;
    },
    translate: (x: number, y: number) => {
      state.transform = `${state.transform} translate(${x},${y})`;
    },
    save: () => stack.push({ ...state }),
    restore: () => {
      state = stack.pop() ?? state;
    },
    getImageData: (...args: number[]) => {
      calls.push({ name: 'getImageData', args });
      return { rows: args[3] };
    },
    putImageData: (...args: unknown[]) => calls.push({ name: 'putImageData', args }),
  };
  const canvasRows: SpriteCanvasRows = {
    rows: () => rows,
    limit: () => limit,
    resize: (value) => {
      calls.push({ name: 'resize', args: [value] });
      rows = value;
      state = fresh();
      stack = [];
    },
  };
  return { context, canvasRows, calls, state: () => state, depth: () => stack.length };
}

describe('boundReads with a canvas that grows (d3-cloud sprite canvas only as tall as its words)', () => {
  it('grows the canvas when a word is centred below it, keeping the rows drawn and the drawing state', () => {
    const { context, canvasRows, calls, state, depth } = resizableContext(256, 2048);
    const bounded = boundReads(context as unknown as CanvasRenderingContext2D, canvasRows);
    bounded.fillStyle = 'red';
    bounded.save();
    bounded.font = '700 30px sans-serif';
    bounded.translate(100, 60); // rows 0–122: fits in 256
    bounded.restore();
    expect(calls.filter((call) => call.name === 'resize')).toEqual([]);

    bounded.save();
    bounded.font = '700 40px sans-serif';
    bounded.lineWidth = 4;
    bounded.translate(300, 200); // rows 0–402: past 256, so 512 (twice) rows
    expect(calls.filter((call) => call.name === 'resize')).toEqual([{ name: 'resize', args: [512] }]);
    // The rows drawn before were read back from the old canvas and put on the new one.
    expect(calls.find((call) => call.name === 'getImageData')!.args).toEqual([0, 0, 2048, 122]);
    expect(calls.find((call) => call.name === 'putImageData')!.args).toEqual([{ rows: 122 }, 0, 0]);
    // The word's state is back (the translate applied after it), and the library's pending save() too.
    expect(state()).toMatchObject({ font: '700 40px sans-serif', fillStyle: 'red', lineWidth: 4 });
    expect(state().transform).toBe('identity translate(300,200)');
    expect(depth()).toBe(1);
    bounded.restore();
    expect(state()).toMatchObject({ transform: 'identity', fillStyle: 'red' });

    // Reads cover every row drawn, on the grown canvas.
    bounded.getImageData(0, 0, 2048, 2048);
    expect(calls.at(-1)!.args).toEqual([0, 0, 2048, 402]);
  });

  it("grows straight to a word's rows when twice the height is not enough, and never past the library's height", () => {
    const { context, canvasRows, calls } = resizableContext(256, 1024);
    const bounded = boundReads(context as unknown as CanvasRenderingContext2D, canvasRows);
    bounded.translate(10, 400); // rows 0–802
    bounded.translate(10, 900); // rows 0–1802: limited to 1024
    bounded.translate(10, 1000);
    expect(calls.filter((call) => call.name === 'resize').map((call) => call.args[0])).toEqual([802, 1024]);
  });
});

describe('boundedSpriteCanvas', () => {
  it('shows the library the height it set, while the element is only INITIAL_ROWS rows tall', () => {
    const canvas = boundedSpriteCanvas();
    canvas.width = canvas.height = 1;
    expect(canvas.height).toBe(1);
    expect(canvas.getAttribute('height')).toBe('1');
    canvas.width = 2048;
    canvas.height = 2048;
    expect(canvas.height).toBe(2048);
    expect(canvas.getAttribute('height')).toBe(String(INITIAL_ROWS));
  });
});
