import cloud, { type Word } from 'd3-cloud';
import { CLOUD_ROTATIONS, seededRandom, type SizedWord } from './cloud-words';
import { boundedSpriteCanvas } from './sprite-canvas';

/** A word placed by d3-cloud: `x`, `y` relative to the centre of the layout, `rotate` in degrees. */
export interface PlacedWord extends SizedWord {
  x: number;
  y: number;
  rotate: number;
}

/** The longest stretch the layout runs before it lets the browser paint and answer input (ms). */
const LAYOUT_SLICE_MS = 8;

/**
 * The user-timing measure of one finished layout, from its start to its words (DevTools' Performance panel shows it;
 * e2e/first-screen.e2e.ts counts them: one per page view and width).
 */
export const CLOUD_LAYOUT_MEASURE = 'keyword-cloud:layout';

export const CLOUD_FONT_FAMILY =
  '"Pretendard", "Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif';

/**
 * Lays the words out with d3-cloud in a `size` [width, height] box (docs/product.md#9-constants-and-limits: at least
 * 200×100, two angles −50 and 0). Words that do not fit are dropped by d3-cloud. Needs a canvas, so it runs in the
 * browser only. Returns a stop function.
 */
export function layoutCloud(
  words: SizedWord[],
  size: [number, number],
  onDone: (placed: PlacedWord[]) => void,
): () => void {
  const random = seededRandom(words);
  const layout = cloud<SizedWord & Word>()
    .size(size)
    // Its collision masks read only the canvas rows words were drawn on (lib/sprite-canvas.ts).
    .canvas(boundedSpriteCanvas)
    .random(random)
    .words(words.map((w) => ({ ...w })))
    .padding(2)
    // Placed in slices of at most 8 ms with the browser free in between (d3-cloud's default is one go: a 90 ms
    // task on a desktop CPU, 360 ms on Lighthouse's phone, counted whole in its Total Blocking Time,
    // docs/decisions/0039-measured-not-asserted.md).
    .timeInterval(LAYOUT_SLICE_MS)
    // The heaviest word stays upright so it always fits; the others take one of the two angles at random.
    .rotate((_, index) => (index === 0 ? 0 : CLOUD_ROTATIONS[random() < 0.5 ? 0 : 1]))
    .font(CLOUD_FONT_FAMILY)
    .fontWeight('700')
    .fontSize((w) => w.size ?? 20)
    .on('end', (placed) => {
      performance.measure(CLOUD_LAYOUT_MEASURE, start.name);
      onDone(
        placed.map((w) => ({
          text: w.text ?? '',
          value: w.value,
          size: w.size ?? 20,
          x: w.x ?? 0,
          y: w.y ?? 0,
          rotate: w.rotate ?? 0,
        })),
      );
    });
  const start = performance.mark(`${CLOUD_LAYOUT_MEASURE}:start`);
  layout.start();
  return () => layout.stop();
}
