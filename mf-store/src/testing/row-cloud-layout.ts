// jest only: d3-cloud needs a canvas, which jsdom lacks. The store's tests replace lib/cloud-layout with this module
// (`jest.mock('../lib/cloud-layout', () => jest.requireActual('../testing/row-cloud-layout'))`): words in a row.
import type { layoutCloud as realLayoutCloud } from '../lib/cloud-layout';

/** Places every word at once, 10 px apart on one line, upright. */
export const layoutCloud: typeof realLayoutCloud = (words, _size, done) => {
  done(words.map((word, index) => ({ ...word, x: index * 10, y: 0, rotate: 0 })));
  return () => undefined;
};
