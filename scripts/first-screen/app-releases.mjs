/**
 * Where the shell's server finds an app's live release and that release's server build
 * (docs/decisions/0058-web-tier-renders.md, docs/decisions/0059-versioned-releases.md, docs/first-screen.md). A release
 * is described by `release.json` at the app's address (build/app-release.js):
 *
 *   { "name": "mf_store", "version": "3f2a9c0d1e4b", "path": "releases/3f2a9c0d1e4b/" }
 *
 * and its files are under `<address><path>`: `remoteEntry.js` for the browser, `server/first-screen.js` and
 * `server/first-screen.css` for the server render. A remote is read over HTTP from its own deployment
 * ({@link httpReleaseSource}); the shell reads its own folder ({@link folderReleaseSource}).
 *
 * {@link AppReleases} asks for an app's descriptor at most once per `descriptorTtlMs` and fetches a release's server
 * build once per version, never per request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** A release descriptor: the app, its version and where its files are, relative to the app's address. */
/** @typedef {{ name: string, version: string, path: string }} Release */
/** Where an app's releases are read from: `id` names it in caches and logs. */
/** @typedef {{ id: string, read: (relativePath: string) => Promise<string | null> }} ReleaseSource */
/** A release's server build: its text (evaluated by the render pool) and the CSS of its components. */
/** @typedef {{ key: string, release: Release, code: string, css: string }} ServerBuild */

/** A release's version: hex digits of its content hash (build/app-release.js writes 12). */
export const RELEASE_VERSION = /^[0-9a-f]{6,64}$/;

/**
 * The descriptor in `text`, checked: a version of hex digits and a path that is the app's folder (`''`) or that
 * version's release folder, so nothing read from a remote can point the server elsewhere.
 * @param {string} text
 * @param {string} where for the error
 * @returns {Release}
 * @throws Error naming `where` and what is wrong
 */
export function parseRelease(text, where) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where}: release.json 이 JSON 이 아닙니다`);
  }
  const { name, version, path: folder } = value ?? {};
  if (typeof name !== 'string' || typeof version !== 'string' || !RELEASE_VERSION.test(version)) {
    throw new Error(`${where}: release.json 의 name 또는 version 이 올바르지 않습니다`);
  }
  if (folder !== '' && folder !== `releases/${version}/`) {
    throw new Error(`${where}: release.json 의 path 가 올바르지 않습니다 (${String(folder)})`);
  }
  return { name, version, path: folder };
}

/**
 * An app deployed at `baseUrl` (`http://127.0.0.1:8081/`, `http://mf-store:8080/`), read over HTTP.
 * @param {string} baseUrl ends with `/`
 * @param {{ timeoutMs?: number }} [options] timeoutMs: per request (default 1500)
 * @returns {ReleaseSource} `read` gives null for a 404, throws for any other failure
 */
export function httpReleaseSource(baseUrl, { timeoutMs = 1500 } = {}) {
  return {
    id: baseUrl,
    async read(relativePath) {
      const response = await fetch(new URL(relativePath, baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`${baseUrl}${relativePath}: HTTP ${response.status}`);
      return response.text();
    },
  };
}

/**
 * An app's output folder on this machine (the shell's own `dist/`).
 * @param {string} dir
 * @returns {ReleaseSource} `read` gives null for a missing file
 */
export function folderReleaseSource(dir) {
  return {
    id: dir,
    async read(relativePath) {
      try {
        return await fs.readFile(path.join(dir, relativePath), 'utf8');
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** Server builds kept per app: the live one, a canary and the ones just replaced (`npm run dev` makes many). */
const KEPT_BUILDS_PER_APP = 4;

export class AppReleases {
  /** @type {Map<string, { at: number, promise: Promise<Release | null> }>} */
  #descriptors = new Map();
  /** @type {Map<string, Promise<ServerBuild | null>>} */
  #builds = new Map();
  #descriptorTtlMs;
  #now;

  /**
   * @param {{ descriptorTtlMs?: number, now?: () => number }} [options] descriptorTtlMs: how long a descriptor is
   *   used before it is asked for again (default 2000; 0 asks every time, for `npm run dev`)
   */
  constructor({ descriptorTtlMs = 2000, now = Date.now } = {}) {
    this.#descriptorTtlMs = descriptorTtlMs;
    this.#now = now;
  }

  /**
   * The release `source` serves now, or null when it has none (no `release.json`); when `source` cannot be read, the
   * release it last served.
   * @param {ReleaseSource} source
   * @returns {Promise<Release | null>}
   * @throws Error when the source cannot be read and never could, or its descriptor is malformed
   */
  live(source) {
    const kept = this.#descriptors.get(source.id);
    if (kept && this.#now() - kept.at < this.#descriptorTtlMs) return kept.promise;
    const asked = source.read('release.json').then((text) => (text === null ? null : parseRelease(text, source.id)));
    // A remote whose server does not answer keeps the release it had (its server build is kept here): its slot stays
    // in the page while its server is down. It is asked again on the next request.
    const promise = kept ? asked.catch(() => kept.promise) : asked;
    this.#descriptors.set(source.id, { at: this.#now(), promise });
    asked.catch(() => {
      if (this.#descriptors.get(source.id)?.promise === promise) {
        if (kept) this.#descriptors.set(source.id, { at: -Infinity, promise: kept.promise });
        else this.#descriptors.delete(source.id);
      }
    });
    return promise;
  }

  /**
   * The server build of `release` from `source`, fetched once per version (a failure is forgotten, so the next
   * request tries again), or null when the release has none.
   * @param {ReleaseSource} source
   * @param {Release} release
   * @returns {Promise<ServerBuild | null>}
   */
  serverBuild(source, release) {
    const key = `${source.id}#${release.version}`;
    let build = this.#builds.get(key);
    if (!build) {
      build = Promise.all([
        source.read(`${release.path}server/first-screen.js`),
        source.read(`${release.path}server/first-screen.css`),
      ]).then(([code, css]) =>
        code === null ? null : { key: `${release.name}@${release.version}`, release, code, css: css ?? '' },
      );
      this.#builds.set(key, build);
      build.catch(() => this.#builds.delete(key));
      this.#forgetOldBuilds(source.id);
    }
    return build;
  }

  /**
   * The CSS of `release`'s server build (its components' stylesheet), fetched once per version, or null when the
   * release has none. Read from the server build when it is loaded already.
   * @param {ReleaseSource} source
   * @param {Release} release
   * @returns {Promise<string | null>}
   */
  stylesheet(source, release) {
    const build = this.#builds.get(`${source.id}#${release.version}`);
    if (build) return build.then((loaded) => (loaded ? loaded.css : null));
    return source.read(`${release.path}server/first-screen.css`);
  }

  /** Forgets the oldest server builds of `sourceId` past {@link KEPT_BUILDS_PER_APP}. */
  #forgetOldBuilds(sourceId) {
    const keys = [...this.#builds.keys()].filter((key) => key.startsWith(`${sourceId}#`));
    for (const key of keys.slice(0, Math.max(0, keys.length - KEPT_BUILDS_PER_APP))) this.#builds.delete(key);
  }
}
