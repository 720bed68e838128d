/**
 * The first screen as the shell's server serves it (scripts/serve-app.mjs; docs/decisions/0058-web-tier-renders.md,
 * docs/first-screen.md): the renderer set up from the registry and the environment, and the page's markers filled.
 *
 * - The remotes that draw a slot are those with `firstScreen` in remotes.json; each is read from its own server:
 *   `REMOTE_<NAME>_INTERNAL_URL` (the address this server reaches it at, e.g. `http://mf-store:8080/` in compose),
 *   by default `http://127.0.0.1:<its port>/` on one machine.
 * - Each remote's live release is asked for at most every `RELEASE_CHECK_MS` (default 2000 ms), and every time under
 *   `npm run dev`, so a saved change is rendered on the next reload.
 * - A page view waits at most `FIRST_SCREEN_RENDER_TIMEOUT_MS` (default 300 ms) for each remote's slot; a render still
 *   running at three times that (at least 1 s) is stopped with its worker.
 * - The release each page view gets follows the running configuration (scripts/release-config.mjs): a pinned live
 *   release, a canary's candidate for its share of page views, else the remote's newest.
 * - `metrics` counts, per remote and release version, the page views whose HTML holds its slot and the slots left to
 *   the browser (Prometheus counter `linksite_first_screen_slots_total{remote,version,outcome}`).
 * - A page with a first screen carries, first in its `<head>` part, the listener that counts its card and keyword
 * clicks until the app has taken each slot over (./early-clicks.mjs, docs/decisions/0073-every-tap-counted.md), sending
 * them to the ingest
 *   under PUBLIC_API_BASE_URL (the `apiBaseUrl` of `/config.json`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Counter, Registry } from 'prom-client';
import { AppReleases, folderReleaseSource, httpReleaseSource } from './app-releases.mjs';
import { earlyClicksTag, ingestUrl } from './early-clicks.mjs';
import { createFirstScreenRenderer } from './first-screen-renderer.mjs';
import { RenderPool } from './render-pool.mjs';
import { apiBaseUrlOf } from '../runtime-config.mjs';
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
 * @param {{ distDir: string, apiOrigin: string, development: boolean, releaseConfig:
 *   ReturnType<typeof import('../release-config.mjs').releaseConfigReader>, env?: NodeJS.ProcessEnv }} options
 *   releaseConfig: the running configuration of releases, shared with the server's /config.json
 */
export function siteFirstScreen({ distDir, apiOrigin, development, releaseConfig, env = process.env }) {
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
  const renderTimeoutMs = milliseconds(env.FIRST_SCREEN_RENDER_TIMEOUT_MS, 300, 'FIRST_SCREEN_RENDER_TIMEOUT_MS');
  const metrics = new Registry();
  const slots = new Counter({
    name: 'linksite_first_screen_slots_total',
    help: "Slots of the served / by remote, release version and outcome: served (in the page's HTML), failed or timeout (its server render threw or ran past the bound: rendered in the browser), unavailable (no release could be read; version -).",
    labelNames: ['remote', 'version', 'outcome'],
    registers: [metrics],
  });
  const renderer = createFirstScreenRenderer({
    apiOrigin,
    choose: (name) => releaseConfig.choose(name),
    onOutcome: (remote, version, outcome) => slots.inc({ remote, version, outcome }),
    shell: folderReleaseSource(distDir),
    remotes,
    releases: new AppReleases({
      descriptorTtlMs: development ? 0 : milliseconds(env.RELEASE_CHECK_MS, 2000, 'RELEASE_CHECK_MS'),
    }),
    renderTimeoutMs,
    // A render still running well past the page's wait is taken for stuck: its worker is replaced.
    createPool: () => new RenderPool({ timeoutMs: Math.max(1000, 3 * renderTimeoutMs) }),
  });
  // From the environment once, like /config.json's own `apiBaseUrl`: never from a request's Host.
  const earlyClicks = earlyClicksTag(ingestUrl(apiBaseUrlOf(env)));
  return {
    /**
     * The first screen for a request of `/` with `query` (as sent, without `?`), or null.
     * @param {string} query
     * @param {{ forwardedFor?: string }} forwarded the visitor's address (ssi-include.mjs forwardedHeaders)
     */
    render: (query, forwarded) =>
      renderer.render({ tag: argument(query, 'tag'), headers: forwardedHeaders(forwarded) }),
    /**
     * `html` with its markers replaced by `first` (or removed when there is none). The head's marker gets the early
     * click listener, then the stylesheet: an inline script after a stylesheet would wait for it to load.
     * @param {string} html the shell's page
     * @param {{ html: string, stylesheet: string | null } | null} first
     */
    fill(html, first) {
      const styles = first?.stylesheet ? `<link rel="stylesheet" href="${first.stylesheet}" />` : '';
      return html
        .replace(FIRST_SCREEN_STYLES_MARKER, () => (first ? `${earlyClicks}${styles}` : ''))
        .replace(FIRST_SCREEN_MARKER, () => first?.html ?? '');
    },
    /**
     * Whether a visitor gets the whole first screen now: a render of `/` holds every first-screen remote's slot.
     * `npm start` and `npm run dev` say the site is ready only then (scripts/services.mjs).
     * @returns {Promise<string[]>} the remotes missing from it (`shell` when there is no first screen at all)
     */
    async missing() {
      const first = await renderer.render({ probe: true });
      return first ? remotes.filter(({ name }) => !first.versions[name]).map(({ name }) => name) : ['shell'];
    },
    /** The stylesheet `/first-screen/<file>` names, or null (scripts/first-screen/first-screen-renderer.mjs). */
    stylesheet: (file) => renderer.stylesheet(file),
    /** The Prometheus registry of the counts above. */
    metrics,
    close: () => renderer.close(),
  };
}
