/**
 * The first screen as the shell's server serves it (scripts/serve-app.mjs; issue 24 item 1, docs/first-screen.md):
 * the renderer set up from the registry and the environment, and the page's markers filled.
 *
 * - The remotes that draw a slot are those with `firstScreen` in remotes.json; each is read from its own server:
 *   `REMOTE_<NAME>_INTERNAL_URL` (the address this server reaches it at, e.g. `http://mf-store:8080/` in compose),
 *   by default `http://127.0.0.1:<its port>/` on one machine.
 * - Each remote's live release is asked for at most every `RELEASE_CHECK_MS` (default 2000 ms), and every time under
 *   `npm run dev`, so a saved change is rendered on the next reload.
 * - A render is bounded by `FIRST_SCREEN_RENDER_TIMEOUT_MS` (default 300 ms) per remote.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppReleases, folderReleaseSource, httpReleaseSource } from './app-releases.mjs';
import { createFirstScreenRenderer } from './first-screen-renderer.mjs';
import { RenderPool } from './render-pool.mjs';
import { remotes as registry, siteLayout } from '../site-layout.mjs';
import { argument, forwardedHeaders } from '../ssi-include.mjs';

const require = createRequire(import.meta.url);
const { FIRST_SCREEN_MARKER, FIRST_SCREEN_STYLES_MARKER } = require('../../build/first-screen-markers.js');

/** `value` as a positive whole number of milliseconds, or `fallback` when unset. */
function milliseconds(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`설정 오류: ${name} 는 0 이상의 정수(밀리초)여야 합니다 (받은 값: ${value}).`);
  }
  return number;
}

/**
 * The first screen of the app served from `distDir`, or null when its page has no place for one (a remote).
 * @param {{ distDir: string, apiOrigin: string, development: boolean, env?: NodeJS.ProcessEnv }} options
 */
export function siteFirstScreen({ distDir, apiOrigin, development, env = process.env }) {
  const page = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!page.includes(FIRST_SCREEN_MARKER)) return null;
  const { apps } = siteLayout(env);
  const remotes = registry
    .filter((remote) => remote.firstScreen)
    .map((remote) => {
      const port = apps.find((app) => app.name === remote.name)?.port;
      const base = env[`REMOTE_${remote.name.toUpperCase()}_INTERNAL_URL`] || `http://127.0.0.1:${port}/`;
      return {
        name: remote.name,
        slot: `${remote.name}/${remote.firstScreen.replace(/^\.\//, '')}`,
        source: httpReleaseSource(base.endsWith('/') ? base : `${base}/`),
      };
    });
  const renderer = createFirstScreenRenderer({
    apiOrigin,
    shell: folderReleaseSource(distDir),
    remotes,
    releases: new AppReleases({
      descriptorTtlMs: development ? 0 : milliseconds(env.RELEASE_CHECK_MS, 2000, 'RELEASE_CHECK_MS'),
    }),
    pool: new RenderPool({
      timeoutMs: milliseconds(env.FIRST_SCREEN_RENDER_TIMEOUT_MS, 300, 'FIRST_SCREEN_RENDER_TIMEOUT_MS'),
    }),
  });
  return {
    /**
     * The first screen for a request of `/` with `query` (as sent, without `?`), or null.
     * @param {string} query
     * @param {{ forwardedFor?: string, host?: string, proto?: string }} forwarded the visitor's request
     */
    render: (query, forwarded) =>
      renderer.render({ tag: argument(query, 'tag'), headers: forwardedHeaders(forwarded) }),
    /**
     * `html` with its markers replaced by `first` (or removed when there is none).
     * @param {string} html the shell's page
     * @param {{ html: string, stylesheet: string | null } | null} first
     */
    fill(html, first) {
      const styles = first?.stylesheet ? `<link rel="stylesheet" href="${first.stylesheet}" />` : '';
      return html
        .replace(FIRST_SCREEN_STYLES_MARKER, () => styles)
        .replace(FIRST_SCREEN_MARKER, () => first?.html ?? '');
    },
    stylesheet: (hash) => renderer.stylesheet(hash),
    counts: () => renderer.counts(),
    close: () => renderer.close(),
  };
}
