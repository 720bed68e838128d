import { boundReads } from './sprite-canvas';

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
