import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../images/images.service';
import { OG_HEIGHT, OG_WIDTH } from './site-head';

/** JPEG quality of the preview image (mozjpeg): about 60–150 KB for a photo at 1200×630. */
export const OG_JPEG_QUALITY = 82;

/**
 * The cover as a link-preview image (docs/decisions/0033-head-and-link-preview.md): resized to cover 1200×630 exactly
 * and cropped around the centre (sharp's `cover` fit, `attention` position: the most salient region stays), flattened
 * on white (a transparent PNG or GIF cover), EXIF orientation applied, encoded as a progressive JPEG.
 * @param original the stored cover's bytes (any accepted upload type: JPEG, PNG, WebP, GIF, AVIF)
 * @returns JPEG bytes, 1200×630
 */
export async function makeOgImage(original: Buffer): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: OG_JPEG_QUALITY, mozjpeg: true, progressive: true })
    .toBuffer();
}

/**
 * The drawing of the preview when there is no cover: the site's dark banner gradient (shell/src/layout/layout.css
 * `.app__banner`, #1e293b → #334155) with the icon's chain links (scripts/make-site-icons.mjs LINK_GLYPH) in the
 * middle. No text, so it needs no font on the server.
 */
const FALLBACK_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">` +
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#334155"/></linearGradient></defs>' +
  `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>` +
  `<g transform="translate(${(OG_WIDTH - 360) / 2} ${(OG_HEIGHT - 360) / 2}) scale(${360 / 512})">` +
  '<rect width="512" height="512" rx="112" fill="#111827"/>' +
  '<g fill="none" stroke="#ffffff" stroke-width="44" transform="rotate(-45 256 256)">' +
  '<rect x="96" y="196" width="190" height="120" rx="60"/>' +
  '<rect x="226" y="196" width="190" height="120" rx="60"/></g></g></svg>';

let fallback: Promise<Buffer> | null = null;

/** The 1200×630 JPEG shown when no cover was ever uploaded, drawn once per process. */
export function fallbackOgImage(): Promise<Buffer> {
  fallback ??= sharp(Buffer.from(FALLBACK_SVG))
    .jpeg({ quality: OG_JPEG_QUALITY, mozjpeg: true, progressive: true })
    .toBuffer()
    .catch((error: unknown) => {
      fallback = null;
      throw error;
    });
  return fallback;
}
