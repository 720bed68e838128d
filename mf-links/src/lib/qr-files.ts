/**
 * QR code files for posters and shop signs (docs/decisions/0038-share-and-qr.md), made by the `qrcode` library (pinned
 * 1.5.4), which is loaded on demand in its own chunk (`qrcode.<hash>.chunk.js`) so the other link screens never carry
 * it.
 */

/** Side of the PNG in pixels: sharp on an A4 poster at about 10 cm. */
export const QR_PNG_SIZE = 1024;

/**
 * Error correction M (15 % of the code may be damaged or covered) and the standard quiet zone of four modules, in
 * plain black on white so every phone camera reads it.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The files of one QR code: a PNG and an SVG, both as `data:` URLs ready for `<img src>` and `<a download>`. */
export interface QrFiles {
  png: string;
  svg: string;
}

/**
 * Makes the PNG (`pngSize`² pixels, QR_PNG_SIZE by default) and the SVG of `text`. Rejects when `text` cannot be
 * encoded (too long).
 */
export async function makeQrFiles(text: string, pngSize = QR_PNG_SIZE): Promise<QrFiles> {
  const qr = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  const [png, svg] = await Promise.all([
    qr.toDataURL(text, { ...QR_OPTIONS, type: 'image/png', width: pngSize }),
    qr.toString(text, { ...QR_OPTIONS, type: 'svg' }),
  ]);
  return { png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}
