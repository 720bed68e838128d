/**
 * The first screen of `/`, rendered by the web tier (docs/decisions/0058-web-tier-renders.md, docs/first-screen.md):
 * the shell's server asks the API for the data (`GET /api/site/first-screen[?tag=]`, JSON), each first-screen remote's
 * live release for its server build (fetched from the remote's own deployment once per version), renders each remote's
 * slot and the shell's frame around them, and appends the data and the releases used as JSON blocks:
 *
 *   <div class="app">… <div class="first-screen-slot" data-first-screen="mf_store/StorePage">…cards…</div> …</div>
 *   <script type="application/json" id="first-screen-data">{ links, tags, plans, cover, … }</script>
 *   <script type="application/json" id="first-screen-releases">{ "mf_store": { "version": "…", "path": "…" } }</script>
 *
 * The browser hydrates each slot with exactly the release named there (shell/src/remotes/remote-registry.ts).
 *
 * - Each remote renders on a worker thread of its own, bounded in time (scripts/first-screen/render-pool.mjs); the
 *   shell's frame, the server's own code, renders in this process.
 * - A remote whose release cannot be read in `loadTimeoutMs`, or whose render throws or runs past `renderTimeoutMs`,
 *   is left out (its slot renders in the browser); the rest is served. Its load goes on, so a later page view has it.
 * - No data (the API down, or a tag it refuses) or no frame: no first screen; the page renders in the browser.
 * - A page whose data (the API's ETag) and releases were rendered before is not rendered again.
 */
import crypto from 'node:crypto';
import { AppReleases } from './app-releases.mjs';
import { RenderPool } from './render-pool.mjs';
import { evaluateCommonJs } from './render-worker.mjs';

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

/** The name of the stylesheet of a page rendered with `builds` (the shell's frame first): their releases. */
function stylesheetName(builds) {
  return builds.map((build) => `${build.release.name}@${build.release.version}`).join('~');
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
 *   createPool?: () => RenderPool,
 *   renderTimeoutMs?: number,
 *   cooldownMs?: number,
 *   keptPages?: number,
 *   choose?: (name: string) => { version: string, path: string } | null,
 *   onOutcome?: (remote: string, version: string, outcome: string) => void,
 *   loadTimeoutMs?: number,
 *   dataTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options
 *   apiOrigin: where the API answers (`http://127.0.0.1:3000`); shell: the shell's own output folder; remotes: the
 *   remotes that draw a slot of the first screen, each with its slot (`mf_store/StorePage`: remotes.json
 *   `firstScreen`) and deployment;
 *   choose: the release of a remote for one page view, from the running configuration (scripts/release-config.mjs:
 *   a pinned live release or a canary's candidate), or null for the remote's newest (its `release.json`);
 *   onOutcome: called with each count {@link counts} makes (the server's metrics);
 *   createPool: a remote's render pool (one worker per remote, so a remote that hangs delays no other slot);
 *   renderTimeoutMs: how long a page view waits for one remote's slot (default 300), its evaluation included;
 *   keptPages: rendered pages kept for later page views of the same data and releases (default 64; 0 renders every
 *   page view, as bench/first-screen-render.mjs measures a miss);
 *   cooldownMs: how long a release whose render threw or hung is left to the browser before it is tried again
 *   (default 10000);
 *   loadTimeoutMs: how long a page view waits for a release's descriptor and server build (default 1500);
 *   dataTimeoutMs: for the API's answer (default 2000)
 */
export function createFirstScreenRenderer({
  apiOrigin,
  shell,
  remotes,
  releases = new AppReleases(),
  createPool = () => new RenderPool(),
  renderTimeoutMs = 300,
  cooldownMs = 10_000,
  keptPages = KEPT_PAGES,
  choose = () => null,
  onOutcome = () => undefined,
  loadTimeoutMs = 1500,
  dataTimeoutMs = 2000,
  log = (line) => console.error(line),
}) {
  /** The API's last answer per tag: its ETag and product, revalidated on every page view. */
  const data = new Map();
  /** Rendered fragments by tag, data ETag and release versions. */
  const pages = new Map();
  /** Stylesheets by their name (the releases they are made of, {@link stylesheetName}). */
  const stylesheets = new Map();
  /** Counts per remote, release version and outcome (`served`, `failed`, `timeout`, `unavailable`). */
  const counts = new Map();
  const countOutcome = (remote, version, outcome) => {
    const key = `${remote}\t${version}\t${outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    onOutcome(remote, version, outcome);
  };

  /**
   * Whether page views are failing to read the API's data: the failure is logged when it starts and the recovery when
   * it ends, not once per page view of an outage.
   */
  let dataFailing = false;

  /**
   * The API's first-screen data for `tag`, or null (the API failed, refused the tag or did not answer in time).
   * @param {string} tag the page's `tag` parameter as sent (percent-encoded; '' for none)
   * @param {Record<string, string>} headers forwarded to the API (the visitor's address, not its Host)
   * @param {boolean} probe a readiness check: while the site starts the API is expected not to answer yet, so its
   *   failures are not logged
   */
  async function readData(tag, headers, probe) {
    const kept = data.get(tag);
    try {
      const response = await fetch(`${apiOrigin}/api/site/first-screen${tag ? `?tag=${tag}` : ''}`, {
        headers: { ...headers, ...(kept ? { 'If-None-Match': kept.etag } : {}) },
        signal: AbortSignal.timeout(dataTimeoutMs),
      });
      let read = null;
      if (response.status === 304 && kept) read = kept;
      else if (response.status === 200) {
        const body = await response.json();
        read = { etag: response.headers.get('etag') ?? crypto.randomUUID(), product: body.product };
        if (response.headers.get('etag')) {
          data.delete(tag);
          data.set(tag, read);
          bound(data, KEPT_DATA);
        }
      }
      // The recovery is a read, not any answer: an error status while the API starts is not one.
      if (read && dataFailing) {
        dataFailing = false;
        log('첫 화면 데이터를 다시 읽었습니다.');
      }
      return read;
    } catch (error) {
      if (!probe && !dataFailing) {
        dataFailing = true;
        log(`첫 화면 데이터를 읽지 못했습니다: ${error.message} (다시 읽을 때까지 이 메시지는 한 번만 남깁니다)`);
      }
      return null;
    }
  }

  /**
   * The server build of the release of `name` this page view gets (`choose`, else the newest at `source`), or null
   * (none, unreadable, or not within `loadTimeoutMs`).
   */
  async function loadBuild(name, source, count) {
    const chosen = choose(name);
    const release = chosen
      ? Promise.resolve({ name, version: chosen.version, path: chosen.path })
      : releases.live(source);
    const load = release.then((found) => (found ? releases.serverBuild(source, found) : null));
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

  /** Each remote's render pool, made on its first render. */
  const pools = new Map();
  /** Releases whose render threw or hung: until when they are left to the browser, and why. */
  const failing = new Map();
  /** The shell's evaluated frame builds by key (its own code, run in this process). */
  const frames = new Map();

  /**
   * One slot's markup, or null when it is left to the browser: its render threw or hung (the release then waits out
   * `cooldownMs`), or did not answer within `renderTimeoutMs` (it goes on, for later page views). Counted and logged.
   */
  async function renderSlot(name, build, product, count) {
    const { version } = build.release;
    const failure = failing.get(build.key);
    if (failure && failure.until > Date.now()) {
      count(name, version, failure.outcome);
      return null;
    }
    let pool = pools.get(name);
    if (!pool) pools.set(name, (pool = createPool()));
    const waited = Symbol('waited');
    const outcome = await within(
      pool.render(build.key, build.code, 'render', product).then(
        (html) => ({ html }),
        (error) => ({ error }),
      ),
      renderTimeoutMs,
      waited,
    );
    if (outcome === waited) {
      count(name, version, 'timeout');
      log(`${build.key}: ${renderTimeoutMs} ms 안에 첫 화면을 그리지 못해 브라우저에 맡깁니다`);
      return null;
    }
    if (outcome.error) {
      const reason = outcome.error.name === 'RenderTimeoutError' ? 'timeout' : 'failed';
      failing.set(build.key, { until: Date.now() + cooldownMs, outcome: reason });
      count(name, version, reason);
      log(`${build.key}: 첫 화면을 그리지 못해 브라우저에 맡깁니다: ${outcome.error.message}`);
      return null;
    }
    failing.delete(build.key);
    return outcome.html;
  }

  /** The shell's frame around `markup`, from its server build (evaluated once per version), or null when it throws. */
  function renderFrame(frame, markup) {
    try {
      let exports = frames.get(frame.key);
      if (!exports) {
        exports = evaluateCommonJs(frame.code, `${frame.key}/server/first-screen.js`);
        frames.clear();
        frames.set(frame.key, exports);
      }
      return exports.renderFrame(markup);
    } catch (error) {
      log(`${frame.key}: 첫 화면의 틀을 그리지 못했습니다: ${error.stack ?? error.message}`);
      return null;
    }
  }

  return {
    /**
     * The first screen of `/` (or `/?tag=`), or null when there is none to serve.
     * @param {{ tag?: string, headers?: Record<string, string>, probe?: boolean }} request tag: the page's `tag`
     *   parameter as sent; probe: a readiness check, not a page view (not counted)
     * @returns {Promise<{ html: string, stylesheet: string | null, versions: Record<string, string> } | null>}
     *   html: what goes in `#root`; stylesheet: the address of its CSS on this server (`/first-screen/<releases>.css`), or
     *   null when it has none; versions: the release of each remote whose slot is in it
     */
    async render({ tag = '', headers = {}, probe = false } = {}) {
      const count = probe ? () => undefined : countOutcome;
      const [page, frame, ...builds] = await Promise.all([
        readData(tag, headers, probe),
        loadBuild('shell', shell, count),
        ...remotes.map(({ name, source }) => loadBuild(name, source, count)),
      ]);
      if (!page || !frame) return null;
      const slots = remotes
        .map(({ name, slot }, index) => ({ name, slot, build: builds[index] }))
        .filter(({ build }) => build);
      const key = [tag, page.etag, frame.key, ...slots.map(({ build }) => build.key)].join('|');
      const kept = pages.get(key);
      if (kept) {
        for (const name of kept.served) count(name, kept.versions[name], 'served');
        return kept;
      }

      const htmls = await Promise.all(slots.map((slot) => renderSlot(slot.name, slot.build, page.product, count)));
      const rendered = slots
        .map((slot, index) => ({ ...slot, html: htmls[index] }))
        .filter(({ html }) => html !== null);
      const markup = Object.fromEntries(rendered.map(({ slot, html }) => [slot, html]));
      const frameHtml = renderFrame(frame, markup);
      if (frameHtml === null) return null;
      const css = uniqueCssModules([frame.css, ...rendered.map(({ build }) => build.css)]);
      const sheet = stylesheetName([frame, ...rendered.map(({ build }) => build)]);
      if (css) {
        stylesheets.set(sheet, css);
        bound(stylesheets, KEPT_PAGES);
      }
      const releasesUsed = Object.fromEntries(
        rendered.map(({ name, build }) => [name, { version: build.release.version, path: build.release.path }]),
      );
      const result = {
        html: `${frameHtml}${jsonBlock(DATA_BLOCK_ID, page.product)}${jsonBlock(RELEASES_BLOCK_ID, releasesUsed)}`,
        stylesheet: css ? `/first-screen/${sheet}.css` : null,
        served: rendered.map(({ name }) => name),
        versions: Object.fromEntries(rendered.map(({ name, build }) => [name, build.release.version])),
      };
      for (const { name, build } of rendered) count(name, build.release.version, 'served');
      // A page with a slot left out is not kept: the next page view tries that remote again.
      if (rendered.length === slots.length) {
        pages.set(key, result);
        bound(pages, keptPages);
      }
      return result;
    },

    /**
     * The stylesheet of a first screen, by the name its address gives (`shell@<v>~mf_plans@<v>~mf_store@<v>`, the
     * releases it was rendered with): made here when another process of this server rendered that page (the
     * releases' CSS is read from their servers, once per version). Null for a name that is malformed or names a
     * release that cannot be read (a shell release other than this server's own).
     * @param {string} file `<name>.css`
     * @returns {Promise<string | null>}
     */
    async stylesheet(file) {
      const name =
        /^((?:[a-z][a-z0-9_]{0,39}@[0-9a-f]{6,64})(?:~[a-z][a-z0-9_]{0,39}@[0-9a-f]{6,64}){0,15})\.css$/.exec(
          file,
        )?.[1];
      if (!name) return null;
      const kept = stylesheets.get(name);
      if (kept !== undefined) return kept;
      const parts = name.split('~').map((part) => part.split('@'));
      const css = await Promise.all(
        parts.map(async ([app, version], index) => {
          if (index === 0) {
            const own = app === 'shell' ? await releases.live(shell).catch(() => null) : null;
            return own?.version === version ? releases.stylesheet(shell, own) : null;
          }
          const remote = remotes.find((candidate) => candidate.name === app);
          if (!remote) return null;
          const live = await releases.live(remote.source).catch(() => null);
          const release = live?.version === version ? live : { name: app, version, path: `releases/${version}/` };
          return releases.stylesheet(remote.source, release).catch(() => null);
        }),
      );
      if (css.some((part) => part === null)) return null;
      const joined = uniqueCssModules(css);
      stylesheets.set(name, joined);
      bound(stylesheets, KEPT_PAGES);
      return joined;
    },

    /**
     * Counts per remote, release version and outcome: `served` (page views whose HTML holds that release's slot,
     * rendered or kept), `failed` and `timeout` (its render threw or ran past the bound; the slot was left to the
     * browser), `unavailable` with version `-` (no release could be read in time).
     * @returns {{ remote: string, version: string, outcome: string, count: number }[]}
     */
    counts() {
      return [...counts].map(([key, value]) => {
        const [remote, version, outcome] = key.split('\t');
        return { remote, version, outcome, count: value };
      });
    },

    close: () => Promise.all([...pools.values()].map((pool) => pool.close())),
  };
}
