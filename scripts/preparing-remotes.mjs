/**
 * The remotes a first `npm start` is still building (docs/decisions/0066-visitor-ready-first-start.md, "visitor-ready
 * first start"): scripts/start.mjs builds and serves what `/` needs first, then the other remotes, and lists those not
 * served yet in a JSON file (`<DATA_DIR>/run/preparing-remotes.json`, an array of federation names). The shell's site
 * server names the file in SITE_PREPARING_FILE and leaves those remotes out of `/config.json`, listing them under
 * `preparing` instead, so their screens say they are being prepared (shell PreparingPage) instead of failing to load an
 * entry nobody serves yet. No variable, or no file: nothing is being prepared (compose, Kubernetes, a second start).
 */
import fs from 'node:fs';
import path from 'node:path';
import { changedFileReader } from './changed-file.mjs';

/** Writes the list (an empty list removes the file). */
export function writePreparingRemotes(file, names) {
  if (names.length === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole, then renamed: a reader never sees half a file.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(names));
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Reads the list from `file`, again only when its modification time changed.
 * @param {string | undefined} file the path, or undefined when nothing is ever prepared
 * @returns {() => string[]} the names now; [] without a file or with one that is not an array of names
 */
export function preparingRemotesReader(file) {
  if (!file) return () => [];
  return changedFileReader(file, { parse: namesIn, missing: [] });
}

/** The federation names a file's text lists; [] for anything but a JSON array (strings kept). */
function namesIn(text) {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
