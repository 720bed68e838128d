/**
 * The first screen of `/`, rendered by the web tier (issue 24 item 1, docs/first-screen.md): the shell's server asks
 * the API for the data (`GET /api/site/first-screen[?tag=]`, JSON), each first-screen remote's live release for its
 * server build (fetched from the remote's own deployment once per version), renders each remote's slot and the
 * shell's frame around them, and appends the data and the releases used as JSON blocks:
 *
 *   <div class="app">… <div class="first-screen-slot" data-first-screen="mf_store/StorePage">…cards…</div> …</div>
 *   <script type="application/json" id="first-screen-data">{ links, tags, plans, cover, … }</script>
 *   <script type="application/json" id="first-screen-releases">{ "mf_store": { "version": "…", "path": "…" } }</script>
 *
 * The browser hydrates each slot with exactly the release named there (shell/src/remotes/remote-registry.ts).
 *
 * - A remote whose release cannot be read in `loadTimeoutMs`, or whose render throws or runs past the render pool's
 *   bound, is left out (its slot renders in the browser); the rest is served. Its load goes on, so a later page view
 *   has it.
 * - No data (the API down, or a tag it refuses) or no frame: no first screen; the page renders in the browser.
 * - A page whose data (the API's ETag) and releases were rendered before is not rendered again.
 */
import crypto from 'node:crypto';
import { AppReleases } from './app-releases.mjs';
import { RenderPool } from './render-pool.mjs';

/** The ids of the page's JSON blocks (read by the shell and the remotes). */
export const DATA_BLOCK_ID = 'first-screen-data';
export const RELEASES_BLOCK_ID = 'first-screen-releases';

/** Rendered pages kept (one per tag and set of releases), and tags whose data is kept for revalidation. */
const KEPT_PAGES = 64;
const KEPT_DATA = 256;

/** `<script type="application/json" id="…">` whose text cannot end the element: `<` is written `\u003c`. */
export function jsonBlock(id, value) {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/**
 * CSS files joined, each CSS module once: mini-css-extract-plugin heads every module with a
 * `/*!*** css <loaders>!<path> ***!*\/` comment (`output.pathinfo`), and the apps' server builds share platform's
 * stylesheets. `./src/…` is an app's own file (another app may have one of the same name), so it is told apart by
 * the file's position; `../platform/…` is shared.
 * @param {string[]} files
 */
export function uniqueCssModules(files) {
  const seen = new Set();
  const kept = [];
  files.forEach((file, index) => {
    for (const part of file.split(/(?=\/\*!\*+!\*\\\n)/)) {
      const modulePath = /!\*\*\* css (?:.*!)?(.*?) \*\*\*!/.exec(part)?.[1];
      const name =
        modulePath === undefined ? part : modulePath.startsWith('./') ? `${index}:${modulePath}` : modulePath;
      if (seen.has(name)) continue;
      seen.add(name);
      kept.push(part);
    }
  });
  return kept.join('');
}

/** Keeps at most `limit` entries of `map`, dropping the oldest inserted. */
function bound(map, limit) {
  for (const key of [...map.keys()].slice(0, Math.max(0, map.size - limit))) map.delete(key);
}

/** `promise`, or `fallback` once `ms` have passed (the promise goes on). */
function within(promise, ms, fallback) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * @param {{
 *   apiOrigin: string,
 *   shell: import('./app-releases.mjs').ReleaseSource,
 *   remotes: { name: string, slot: string, source: import('./app-releases.mjs').ReleaseSource }[],
 *   releases?: AppReleases,
 *   pool?: RenderPool,
 *   loadTimeoutMs?: number,
 *   dataTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options
 *   apiOrigin: where the API answers (`http://127.0.0.1:3000`); shell: the shell's own output folder; remotes: the
 *   remotes that draw a slot of the first screen, each with its slot (`mf_store/StorePage`: remotes.json
 *   `firstScreen`) and deployment;
 *   loadTimeoutMs: how long a page view waits for a release's descriptor and server build (default 1500);
 *   dataTimeoutMs: for the API's answer (default 2000)
 */
export function createFirstScreenRenderer({
  apiOrigin,
  shell,
  remotes,
  releases = new AppReleases(),
  pool = new RenderPool(),
  loadTimeoutMs = 1500,
  dataTimeoutMs = 2000,
  log = (line) => console.error(line),
}) {
  /** The API's last answer per tag: its ETag and product, revalidated on every page view. */
  const data = new Map();
  /** Rendered fragments by tag, data ETag and release versions. */
  const pages = new Map();
  /** Stylesheets by the hash in their address. */
  const stylesheets = new Map();
  /** Counts per remote, release version and outcome (`rendered`, `failed`, `timeout`, `unavailable`). */
  const counts = new Map();
  const count = (remote, version, outcome) => {
    const key = `${remote}\t${version}\t${outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };

  /**
   * The API's first-screen data for `tag`, or null (the API failed, refused the tag or did not answer in time).
   * @param {string} tag the page's `tag` parameter as sent (percent-encoded; '' for none)
   * @param {Record<string, string>} headers forwarded to the API (the visitor's address, the page's host)
   */
  async function readData(tag, headers) {
    const kept = data.get(tag);
    try {
      const response = await fetch(`${apiOrigin}/api/site/first-screen${tag ? `?tag=${tag}` : ''}`, {
        headers: { ...headers, ...(kept ? { 'If-None-Match': kept.etag } : {}) },
        signal: AbortSignal.timeout(dataTimeoutMs),
      });
      if (response.status === 304 && kept) return kept;
      if (response.status !== 200) return null;
      const body = await response.json();
      const fresh = { etag: response.headers.get('etag') ?? crypto.randomUUID(), product: body.product };
      if (response.headers.get('etag')) {
        data.delete(tag);
        data.set(tag, fresh);
        bound(data, KEPT_DATA);
      }
      return fresh;
    } catch (error) {
      log(`첫 화면 데이터를 읽지 못했습니다: ${error.message}`);
      return null;
    }
  }

  /** The live release's server build of `source`, or null (none, unreadable, or not within `loadTimeoutMs`). */
  async function loadBuild(name, source) {
    const load = releases.live(source).then((release) => (release ? releases.serverBuild(source, release) : null));
    const build = await within(
      load.catch((error) => {
        log(`${name}: 서버 빌드를 읽지 못했습니다: ${error.message}`);
        return null;
      }),
      loadTimeoutMs,
      null,
    );
    if (!build) count(name, '-', 'unavailable');
    return build;
  }

  /** One slot's markup, or null when its render failed (counted and logged). */
  async function renderSlot(name, build, product) {
    try {
      const html = await pool.render(build.key, build.code, 'render', product);
      count(name, build.release.version, 'rendered');
      return html;
    } catch (error) {
      const timeout = error.name === 'RenderTimeoutError';
      count(name, build.release.version, timeout ? 'timeout' : 'failed');
      log(`${build.key}: 첫 화면을 그리지 못해 브라우저에 맡깁니다: ${error.message}`);
      return null;
    }
  }

  return {
    /**
     * The first screen of `/` (or `/?tag=`), or null when there is none to serve.
     * @param {{ tag?: string, headers?: Record<string, string> }} request tag: the page's `tag` parameter as sent
     * @returns {Promise<{ html: string, stylesheet: string | null } | null>} html: what goes in `#root`;
     *   stylesheet: the address of its CSS on this server (`/first-screen/<hash>.css`), or null when it has none
     */
    async render({ tag = '', headers = {} } = {}) {
      const [page, frame, ...builds] = await Promise.all([
        readData(tag, headers),
        loadBuild('shell', shell),
        ...remotes.map(({ name, source }) => loadBuild(name, source)),
      ]);
      if (!page || !frame) return null;
      const slots = remotes
        .map(({ name, slot }, index) => ({ name, slot, build: builds[index] }))
        .filter(({ build }) => build);
      const key = [tag, page.etag, frame.key, ...slots.map(({ build }) => build.key)].join('|');
      const kept = pages.get(key);
      if (kept) return kept;

      const rendered = [];
      for (const slot of slots) {
        const html = await renderSlot(slot.name, slot.build, page.product);
        if (html !== null) rendered.push({ ...slot, html });
      }
      const markup = Object.fromEntries(rendered.map(({ slot, html }) => [slot, html]));
      let frameHtml;
      try {
        frameHtml = await pool.render(frame.key, frame.code, 'renderFrame', markup);
      } catch (error) {
        log(`${frame.key}: 첫 화면의 틀을 그리지 못했습니다: ${error.message}`);
        return null;
      }
      const css = uniqueCssModules([frame.css, ...rendered.map(({ build }) => build.css)]);
      const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 16);
      if (css) {
        stylesheets.set(hash, css);
        bound(stylesheets, KEPT_PAGES);
      }
      const releasesUsed = Object.fromEntries(
        rendered.map(({ name, build }) => [name, { version: build.release.version, path: build.release.path }]),
      );
      const result = {
        html: `${frameHtml}${jsonBlock(DATA_BLOCK_ID, page.product)}${jsonBlock(RELEASES_BLOCK_ID, releasesUsed)}`,
        stylesheet: css ? `/first-screen/${hash}.css` : null,
      };
      // A page with a slot left out is not kept: the next page view tries that remote again.
      if (rendered.length === slots.length) {
        pages.set(key, result);
        bound(pages, KEPT_PAGES);
      }
      return result;
    },

    /** The stylesheet whose address has `hash`, or undefined (not rendered by this process). */
    stylesheet(hash) {
      return stylesheets.get(hash);
    },

    /**
     * The counts of server renders per remote, release version and outcome (`rendered`, `failed`, `timeout`;
     * `unavailable` with version `-` when no release could be read).
     * @returns {{ remote: string, version: string, outcome: string, count: number }[]}
     */
    counts() {
      return [...counts].map(([key, value]) => {
        const [remote, version, outcome] = key.split('\t');
        return { remote, version, outcome, count: value };
      });
    },

    close: () => pool.close(),
  };
}
