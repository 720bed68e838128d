/**
 * The default link preview (docs/product.md#9-constants-and-limits "placeholder image default.jpg under an assets
 * path"): a neutral picture frame, inlined as an SVG data URL so every app bundles it without an asset loader and tests
 * can import it. Shown while a link has neither an image link nor a chosen file.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">
<rect width="320" height="320" fill="#f3f4f6"/>
<rect x="92" y="100" width="136" height="112" rx="12" fill="none" stroke="#c4c9d2" stroke-width="8"/>
<circle cx="130" cy="136" r="12" fill="#c4c9d2"/>
<path d="M100 204l40-42 26 26 20-18 38 34z" fill="#c4c9d2"/>
</svg>`;

export const DEFAULT_IMAGE_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
