/**
 * Writes the site's icons into shell/public/ (docs/decisions/0033-head-and-link-preview.md), from one drawing:
 *
 *   node scripts/make-site-icons.mjs
 *
 * - `favicon.svg`: a rounded dark square (#111827, the site's text and button colour in shell/src/layout/global.css and
 *   layout.css) with two white chain links, the site being a page of links;
 * - `favicon-32.png` (32×32) from the same SVG, for browsers without SVG favicons;
 * - `apple-touch-icon.png` (180×180), `icon-192.png` and `icon-512.png` (the web app manifest's): full-bleed squares,
 *   because iOS and Android cut their own shape; the glyph stays inside the central circle of 80 % diameter, the
 *   "safe zone" of maskable icons (https://web.dev/articles/maskable-icon), so any mask keeps it whole.
 *
 * The PNGs are committed (under 10 KB together) rather than made at build time: the build stays free of sharp, and
 * the files the page links to are the ones reviewed. Run this again after changing the drawing; the API's link-preview
 * fallback (api/src/site-head/og-image.ts) draws the same glyph.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from './site-layout.mjs';

/** Background and glyph colours (layout.css `.site-footer__link:hover`: #111827 on white). */
export const ICON_BACKGROUND = '#111827';

/** Two interlocking rounded links, drawn on a 512×512 canvas around its centre (inside a 182 px radius). */
export const LINK_GLYPH =
  '<g fill="none" stroke="#ffffff" stroke-width="44" transform="rotate(-45 256 256)">' +
  '<rect x="96" y="196" width="190" height="120" rx="60"/>' +
  '<rect x="226" y="196" width="190" height="120" rx="60"/></g>';

/** The icon as SVG: `rounded` gives the favicon's rounded corners, otherwise the square fills the canvas. */
export function iconSvg({ rounded }) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
    `<rect width="512" height="512"${rounded ? ' rx="112"' : ''} fill="${ICON_BACKGROUND}"/>${LINK_GLYPH}</svg>\n`
  );
}

/** File name → [size in pixels, rounded corners]. */
export const PNG_ICONS = {
  'favicon-32.png': [32, true],
  'apple-touch-icon.png': [180, false],
  'icon-192.png': [192, false],
  'icon-512.png': [512, false],
};

async function main() {
  const dir = path.join(repoRoot, 'shell', 'public');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), iconSvg({ rounded: true }));
  for (const [name, [size, rounded]] of Object.entries(PNG_ICONS)) {
    const png = await sharp(Buffer.from(iconSvg({ rounded })), { density: (72 * size) / 512 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    fs.writeFileSync(path.join(dir, name), png);
    console.log(`${name}: ${size}×${size}, ${png.length} B`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
