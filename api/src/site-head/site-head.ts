import type { SiteConfig } from '../config/app-config';

/** Size of the link-preview image, in pixels: the 1.91:1 that KakaoTalk, Facebook and X show large. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Bumped when the preview image's drawing or encoding changes, so scrapers fetch it again (`?v=`). */
const OG_DRAWING = 1;

/**
 * The theme and background colours of the site (shell/src/layout/global.css: text and buttons #111827, page #f5f6f8);
 * build/webpack-app.js THEME_COLOR says the same in the HTML.
 */
export const THEME_COLOR = '#111827';
export const BACKGROUND_COLOR = '#f5f6f8';

/** `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What a `?v=` of the preview image may be: {@link ogImageVersion}'s shape. */
export const OG_VERSION_PATTERN = /^[0-9]{1,4}-(?:[0-9a-f]{16}|default)$/;

/**
 * The `?v=` of the preview image's address: changes with the cover (the first 16 hex digits of its image key) and
 * with the drawing, so a scraper that keeps images by address sees a new cover. `default` when there is no cover.
 */
export function ogImageVersion(coverKey: string | null): string {
  return `${OG_DRAWING}-${coverKey ? coverKey.slice(0, 16) : 'default'}`;
}

/**
 * The dynamic half of the page's `<head>` (docs/decisions/0033-head-and-link-preview.md), inserted by the servers in
 * place of `<!--# include virtual="/api/site/head" -->` (build/webpack-app.js htmlTemplate keeps the static half:
 * icons, manifest link, theme-color). Every value is HTML-escaped.
 *
 * The addresses (canonical, `og:url`, `og:image`) come from the settings only, never from the request
 * (docs/decisions/0095-no-host-derived-urls.md): a `Host` or `X-Forwarded-Host` a client chose cannot reach a fragment
 * that is cached and sent to every visitor and link-preview scraper. With PUBLIC_SITE_URL they are absolute on it, as
 * the Open Graph protocol asks (`og:url` and `og:image` are absolute URLs); without it they are site-relative (`/`,
 * `/api/site/og.jpg?v=…`), which browsers resolve against the page (the share button reads the canonical's resolved
 * `href`) but link-preview scrapers may not: a public deployment sets PUBLIC_SITE_URL (compose and the Kubernetes
 * manifests require it), and only the one-machine default (`npm start`) runs without it.
 * @param site name, description and public address from the settings (SITE_NAME, SITE_DESCRIPTION, PUBLIC_SITE_URL)
 * @param coverKey the current cover's image key, or null (the preview image is then the generated fallback)
 * @returns newline-separated tags: title, description, canonical, og:type/locale/site_name/title/description/url/
 *   image (+ width, height, type, alt) and twitter:card `summary_large_image`
 */
export function renderHead(site: SiteConfig, coverKey: string | null): string {
  const origin = site.publicUrl ?? '';
  const url = `${origin}/`;
  const image = `${origin}/api/site/og.jpg?v=${ogImageVersion(coverKey)}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(site.name)}</title>`,
    meta('name', 'description', site.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'ko_KR'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', site.name),
    meta('property', 'og:description', site.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(OG_WIDTH)),
    meta('property', 'og:image:height', String(OG_HEIGHT)),
    meta('property', 'og:image:alt', site.name),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n');
}

/** One icon of the web app manifest. */
export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** The web app manifest (https://www.w3.org/TR/appmanifest/), as `GET /api/site/manifest.webmanifest` answers it. */
export interface SiteManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/**
 * The manifest from the settings (docs/decisions/0033-head-and-link-preview.md): `name` is SITE_NAME, `short_name` the
 * same cut to 12 characters (what a phone's home screen shows under the icon), start at `/`, standalone, the site's
 * colours, and the 192 and 512 px icons of shell/public (scripts/make-site-icons.mjs), each usable as it is and as a
 * maskable icon (full-bleed, the glyph inside the safe zone).
 */
export function siteManifest(site: SiteConfig): SiteManifest {
  const shortName = [...site.name].slice(0, 12).join('').trimEnd();
  return {
    name: site.name,
    short_name: shortName,
    description: site.description,
    lang: 'ko-KR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // Listed once per purpose: Chrome discourages `any maskable` in one entry.
    icons: (['any', 'maskable'] as const).flatMap((purpose) =>
      [192, 512].map((size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
    ),
  };
}
