/**
 * A value read from a file again only when the file changed (its modification time and size), so a long-running
 * server follows a file others rewrite (scripts/release-config.mjs, scripts/preparing-remotes.mjs) without reading it
 * on every request.
 */
import fs from 'node:fs';

/**
 * @template T
 * @param {string} file
 * @param {{ parse: (text: string) => T, missing: T, checkMs?: number, now?: () => number,
 *   onError?: (error: Error) => void }} options
 *   parse: the file's text to its value (may throw: the previous value stays, onError is told); missing: the value
 *   while there is no file; checkMs: how long a look at the file holds (default 0: every call looks)
 * @returns {() => T} the value now
 */
export function changedFileReader(file, { parse, missing, checkMs = 0, now = Date.now, onError = () => {} }) {
  let value = missing;
  let seen = '';
  let checkedAt = -Infinity;
  return () => {
    if (now() - checkedAt < checkMs) return value;
    checkedAt = now();
    let stamp = 'missing';
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No file.
    }
    if (stamp === seen) return value;
    seen = stamp;
    if (stamp === 'missing') return (value = missing);
    try {
      value = parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      onError(/** @type {Error} */ (error));
    }
    return value;
  };
}
