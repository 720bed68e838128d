/**
 * The running configuration of remote releases (docs/decisions/0059-versioned-releases.md,
 * docs/decisions/0061-canary.md, docs/deploy.md "Releases, rollback and canary"): which release of each remote visitors
 * get, changed with nothing rebuilt or restarted.
 *
 * A JSON file, `REMOTE_RELEASES_FILE` (default `<DATA_DIR>/remote-releases.json`), by remote federation name:
 *
 *   {
 *     "mf_store": { "live": "3f2a9c0d1e4b" },
 *     "mf_plans": { "live": "887b6f4362db", "candidate": "aa11bb22cc33", "candidateShare": 0.2 }
 *   }
 *
 * - `live`: the release every page view gets; a remote without it gets its newest release (the remote's own
 *   `/release.json`). Rolling back is setting `live` to an earlier version; removing it goes back to the newest.
 * - `candidate` and `candidateShare` (0–1): a canary. That share of page views of `/` is rendered and hydrated with
 *   the candidate; promoting it is making it `live`, aborting is removing it.
 *
 * The shell's server reads the file at most every `checkMs` (its modification time), so a change reaches new page
 * views within about a second. A file that cannot be read as this shape is refused as a whole with one log line
 * naming what is wrong, and the last good one stays in force; a missing file means no pins at all.
 */
import path from 'node:path';
import { changedFileReader } from './changed-file.mjs';
import { RELEASE_VERSION } from './first-screen/app-releases.mjs';
import { remotes as registry, repoRoot } from './site-layout.mjs';

/** @typedef {{ live?: string, candidate?: string, candidateShare?: number }} RemoteReleaseChoice */
/** @typedef {Record<string, RemoteReleaseChoice>} ReleaseConfig */

/** The file's path from the environment. */
export function releaseConfigFile(env = process.env) {
  if (env.REMOTE_RELEASES_FILE) return path.resolve(env.REMOTE_RELEASES_FILE);
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  return path.join(dataDir, 'remote-releases.json');
}

/**
 * The configuration in `text`, checked.
 * @param {string} text
 * @returns {ReleaseConfig}
 * @throws Error with a Korean sentence naming the first thing that is wrong
 */
export function parseReleaseConfig(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('JSON 이 아닙니다');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('객체여야 합니다');
  const names = new Set(registry.map((remote) => remote.name));
  /** @type {ReleaseConfig} */
  const config = {};
  for (const [name, choice] of Object.entries(value)) {
    if (name.startsWith('$')) continue;
    if (!names.has(name)) throw new Error(`${name}: remotes.json 에 없는 원격 모듈입니다`);
    if (typeof choice !== 'object' || choice === null) throw new Error(`${name}: 객체여야 합니다`);
    const { live, candidate, candidateShare } = /** @type {Record<string, unknown>} */ (choice);
    for (const [key, version] of Object.entries({ live, candidate })) {
      if (version !== undefined && (typeof version !== 'string' || !RELEASE_VERSION.test(version))) {
        throw new Error(`${name}.${key}: 버전은 16진수 6–64자여야 합니다`);
      }
    }
    if (candidate !== undefined) {
      if (typeof candidateShare !== 'number' || !(candidateShare >= 0 && candidateShare <= 1)) {
        throw new Error(`${name}.candidateShare: 0 과 1 사이의 수여야 합니다`);
      }
    } else if (candidateShare !== undefined) {
      throw new Error(`${name}.candidateShare: candidate 없이 쓸 수 없습니다`);
    }
    config[name] = /** @type {RemoteReleaseChoice} */ ({ live, candidate, candidateShare });
  }
  return config;
}

/**
 * Reads the configuration file when it changes.
 * @param {{ file?: string, checkMs?: number, log?: (line: string) => void, now?: () => number }} [options]
 *   checkMs: how often the file's modification time is looked at (default 500)
 */
export function releaseConfigReader({
  file = releaseConfigFile(),
  checkMs = 500,
  log = (line) => console.error(line),
  now = Date.now,
} = {}) {
  /** The configuration in force. */
  const current = changedFileReader(file, {
    parse: parseReleaseConfig,
    missing: /** @type {ReleaseConfig} */ ({}),
    checkMs,
    now,
    onError: (error) => log(`${file}: 배포본 설정을 쓸 수 없어 이전 설정을 그대로 씁니다 (${error.message})`),
  });

  return {
    current,
    /**
     * The release of `name` one page view gets: the candidate for `candidateShare` of the draws, else `live`, or
     * null for the remote's newest.
     * @param {string} name federation name
     * @param {() => number} [draw] a number in [0, 1) for this page view
     * @returns {{ version: string, path: string, candidate: boolean } | null}
     */
    choose(name, draw = Math.random) {
      const choice = current()[name];
      if (!choice) return null;
      if (choice.candidate && draw() < (choice.candidateShare ?? 0)) {
        return { version: choice.candidate, path: `releases/${choice.candidate}/`, candidate: true };
      }
      return choice.live ? { version: choice.live, path: `releases/${choice.live}/`, candidate: false } : null;
    },
  };
}
