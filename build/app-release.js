// @ts-check
/**
 * A web app's release (docs/decisions/0059-versioned-releases.md, docs/deploy.md "Deploying one remote alone"): what
 * one build of an app is, named by its content, so that the page and the code that hydrates it can always be matched.
 *
 * After every build the app's output folder (`dist/` or `dist-dev/`) gets `release.json`:
 *
 *   { "name": "mf_store", "version": "3f2a9c0d1e4b", "path": "", "builtAt": "2026-11-27T04:00:00.000Z" }
 *
 * `version` is the first 12 hex digits of a SHA-256 over every file of the build (relative path and bytes), so the
 * same sources give the same version and any change gives another. `path` is where the release's files are, relative
 * to the app's address: `''` for the folder itself.
 *
 * A production build of a remote is also published as an immutable release: its files are copied to
 * `<app>/releases/<version>/` (never changed once written, with its own `release.json` whose `path` is
 * `releases/<version>/`), and `<app>/releases/index.json` lists the releases, newest first:
 *
 *   { "name": "mf_store", "latest": "3f2a9c0d1e4b", "releases": [{ "version": "3f2a9c0d1e4b", "builtAt": "…" }, …] }
 *
 * The remote's server (scripts/serve-app.mjs, deploy/web/nginx-static.conf) serves each release under
 * `/releases/<version>/` and the newest as `/release.json`; the shell's server renders `/` with the server build of
 * that release (scripts/first-screen/), and the browser hydrates with the same release's remoteEntry.js. The
 * {@link KEPT_RELEASES} newest releases are kept, so a page served just before a release still finds its code.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** Releases of a remote kept in `releases/` (older ones are deleted when a new one is published). */
const KEPT_RELEASES = 10;

/** Files of the output folder that are not part of the release: its own descriptor and the build's stamp. */
const NOT_RELEASED = new Set(['release.json', '.build-stamp']);

/** Relative paths (with `/`) of every file under `dir`, sorted. */
function filesUnder(dir, prefix = '') {
  /** @type {string[]} */
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...filesUnder(path.join(dir, entry.name), relative));
    else if (entry.isFile() && !NOT_RELEASED.has(relative)) files.push(relative);
  }
  return files.sort();
}

/**
 * The version of the build in `dir`: 12 hex digits of SHA-256 over each file's relative path and bytes.
 * @param {string} dir an app's output folder
 */
function releaseVersion(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Writes `file` whole or not at all (a reader never sees half a JSON file). */
function writeJsonAtomically(file, value) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/**
 * Describes the build in `outputDir` (its `release.json`) and, with `releasesDir`, publishes it there as an
 * immutable release and lists it in `index.json`.
 * @param {{ name: string, outputDir: string, releasesDir?: string, now?: Date }} options
 * @returns {{ name: string, version: string, path: string, builtAt: string }} the descriptor of `outputDir`
 */
function describeAndPublish({ name, outputDir, releasesDir, now = new Date() }) {
  const version = releaseVersion(outputDir);
  const builtAt = now.toISOString();
  const descriptor = { name, version, path: '', builtAt };
  writeJsonAtomically(path.join(outputDir, 'release.json'), descriptor);
  if (releasesDir) publish(descriptor, outputDir, releasesDir);
  return descriptor;
}

/**
 * Publishes the build in `outputDir`, described by `descriptor`, as the newest release in `releasesDir`: its files
 * copied to `<version>/` unless that release exists, and `index.json` naming it first and `latest` (the
 * {@link KEPT_RELEASES} newest kept).
 * @param {{ name: string, version: string, builtAt: string }} descriptor
 * @param {string} outputDir
 * @param {string} releasesDir
 */
function publish(descriptor, outputDir, releasesDir) {
  const { name, version, builtAt } = descriptor;
  fs.mkdirSync(releasesDir, { recursive: true });
  const target = path.join(releasesDir, version);
  if (!fs.existsSync(path.join(target, 'release.json'))) {
    // Copied into a temporary folder and renamed: a release folder is complete or absent.
    const temporary = path.join(releasesDir, `.${version}.${process.pid}.tmp`);
    fs.rmSync(temporary, { recursive: true, force: true });
    fs.mkdirSync(temporary);
    for (const file of filesUnder(outputDir)) {
      fs.mkdirSync(path.dirname(path.join(temporary, file)), { recursive: true });
      fs.copyFileSync(path.join(outputDir, file), path.join(temporary, file));
    }
    writeJsonAtomically(path.join(temporary, 'release.json'), { ...descriptor, path: `releases/${version}/` });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(temporary, target);
  }
  const indexFile = path.join(releasesDir, 'index.json');
  /** @type {{ version: string, builtAt: string }[]} */
  const previous = fs.existsSync(indexFile) ? JSON.parse(fs.readFileSync(indexFile, 'utf8')).releases : [];
  const releases = [{ version, builtAt }, ...previous.filter((release) => release.version !== version)];
  for (const dropped of releases.splice(KEPT_RELEASES)) {
    fs.rmSync(path.join(releasesDir, dropped.version), { recursive: true, force: true });
  }
  writeJsonAtomically(indexFile, { name, latest: version, releases });
}

/**
 * Makes the build in `outputDir` the latest release again when it is not: a build the task runner put back from its
 * cache (scripts/build.mjs) is an earlier release, whose `release.json` it restored but which `index.json` no longer
 * names as the newest. Leaves `outputDir` as it is.
 * @param {{ outputDir: string, releasesDir: string }} options
 * @returns {boolean} whether it published
 */
function republishIfNotLatest({ outputDir, releasesDir }) {
  const descriptorFile = path.join(outputDir, 'release.json');
  const indexFile = path.join(releasesDir, 'index.json');
  if (!fs.existsSync(descriptorFile) || !fs.existsSync(indexFile)) return false;
  const descriptor = JSON.parse(fs.readFileSync(descriptorFile, 'utf8'));
  if (JSON.parse(fs.readFileSync(indexFile, 'utf8')).latest === descriptor.version) return false;
  publish(descriptor, outputDir, releasesDir);
  return true;
}

/**
 * Runs {@link describeAndPublish} when its compiler is done without errors. Put on the last compiler of an app's
 * build (the first-screen build, which depends on the browser's), so the release holds both.
 */
class AppReleasePlugin {
  /** @param {{ name: string, outputDir: string, releasesDir?: string }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('AppReleasePlugin', (stats) => {
      if (stats.hasErrors() || !fs.existsSync(this.options.outputDir)) return;
      describeAndPublish(this.options);
    });
  }
}

module.exports = { AppReleasePlugin, describeAndPublish, republishIfNotLatest, releaseVersion, KEPT_RELEASES };
