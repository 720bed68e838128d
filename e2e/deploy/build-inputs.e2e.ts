/**
 * Builds keyed by content (docs/project-structure.md "Builds"): each app's build is a wireit task whose inputs are
 * declared in its package.json (`wireit.build.files` and the `files` of the tasks it depends on), and scripts/build.mjs
 * builds an app when the content of one of them changed. Checked here against what webpack really compiled: every
 * production build records the repository's files it compiled (build/webpack-app.js BuildInputsPlugin, in
 * `<app>/node_modules/.cache/build-inputs/`).
 *
 * - Every compiled file is a declared input of its app, so no change to a bundled file goes unbuilt; so are the app's
 *   webpack configuration and the modules of build/ it requires.
 * - A change to `contract/src/api-rules.ts` (the rules the browser checks ahead of the API) or to
 *   `build/react-router-surface.mjs` makes exactly the apps that compiled it stale (the others stay fresh), and
 *   after the change is undone `node scripts/build.mjs` gives exactly those apps their earlier build back, from
 *   wireit's cache.
 * - A remote's build put back from the cache is published as its latest release again (scripts/build.mjs).
 *
 * The e2e project's globalSetup built the site (build/jest/build-site.js). The change is a comment appended for a
 * few seconds and then removed; staleness is asked of wireit without building (scripts/build.mjs `isBuilt`).
 * @edits-working-tree: `npm test` runs it after the other lanes (scripts/test.mjs), never beside lint or a spec that
 * reads those files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { siteRemotes } from './site-scripts';

const repoRoot = path.resolve(__dirname, '..', '..');

const readJson = (relative: string): unknown => JSON.parse(fs.readFileSync(path.join(repoRoot, relative), 'utf8'));

/** The web apps (workspace folders): the host and every remote of remotes.json. */
const apps = ['shell', ...siteRemotes().map((remote) => remote.dir)];

/** Node 22's glob functions (typed here because @types/node is the 20 line). */
const globSync = (fs as unknown as { globSync: (pattern: string, options: { cwd: string }) => string[] }).globSync;
const matchesGlob = (path as unknown as { matchesGlob: (file: string, pattern: string) => boolean }).matchesGlob;

interface TaskConfig {
  files?: string[];
  dependencies?: string[];
}

/** A package's wireit task `name` (package folder relative to the repository's root). */
function task(packageDir: string, name: string): TaskConfig {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, packageDir, 'package.json'), 'utf8')) as {
    wireit?: Record<string, TaskConfig>;
  };
  const config = pkg.wireit?.[name];
  if (!config) throw new Error(`${packageDir || '.'}/package.json has no wireit task "${name}"`);
  return config;
}

/**
 * The files (relative to the repository's root, with `/`) a task's fingerprint covers: its `files` globs expanded
 * in its package (`!` patterns taking files out), and the same of every task it depends on (`<folder>:<task>`).
 */
function taskInputs(packageDir: string, name: string): Set<string> {
  const config = task(packageDir, name);
  const cwd = path.join(repoRoot, packageDir);
  const patterns = config.files ?? [];
  const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const inputs = new Set<string>();
  for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
    for (const file of globSync(pattern, { cwd })) {
      if (excluded.some((exclusion) => matchesGlob(file, exclusion))) continue;
      const absolute = path.join(cwd, file);
      if (!fs.statSync(absolute).isFile()) continue;
      inputs.add(path.relative(repoRoot, absolute).split(path.sep).join('/'));
    }
  }
  for (const dependency of config.dependencies ?? []) {
    const [folder, script] = dependency.split(':') as [string, string];
    const dependencyDir = path.relative(repoRoot, path.resolve(cwd, folder));
    for (const file of taskInputs(dependencyDir, script)) inputs.add(file);
  }
  return inputs;
}

/** What the last production build of `app` compiled (its browser build and, if it has one, its first-screen build). */
function compiledFiles(app: string): string[] {
  const folder = path.join(repoRoot, app, 'node_modules', '.cache', 'build-inputs');
  const lists = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  if (!lists.some((name) => name === `${app}.json`)) {
    throw new Error(`${app} has no record of its build (${folder}): build it with node scripts/build.mjs`);
  }
  return [
    ...new Set(lists.flatMap((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as string[])),
  ];
}

/** scripts/build.mjs `isBuilt` of each app, asked in a child Node (the script is an ES module). */
function freshness(): Record<string, boolean> {
  const source = `import { buildTargets, isBuilt } from './scripts/build.mjs';
    const apps = ${JSON.stringify(apps)};
    const targets = buildTargets().filter((target) => apps.includes(target.name));
    console.log(JSON.stringify(Object.fromEntries(targets.map((target) => [target.name, isBuilt(target)]))));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`isBuilt failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, boolean>;
}

/** scripts/build.mjs `buildStale` of `only` (the web apps by default): the names of the apps it built. */
function buildWebApps(only: string[] = apps): string[] {
  const source = `import { buildStale } from './scripts/build.mjs';
    const built = await buildStale({ only: ${JSON.stringify(only)}, log: () => {} });
    console.log(JSON.stringify(built));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return (JSON.parse(output) as string[]).sort();
}

describe('builds keyed by content: each app rebuilds when a file it bundles changes, and only then', () => {
  test.each(apps)('%s: every file its production build compiled is an input of its build task', (app) => {
    const inputs = taskInputs(app, 'build');
    const compiled = compiledFiles(app);
    expect(compiled.length).toBeGreaterThan(0);
    expect(compiled.filter((file) => !inputs.has(file))).toEqual([]);
  });

  test.each(apps)(
    '%s: the build configuration and every local module it requires are inputs of its build task',
    (app) => {
      const inputs = taskInputs(app, 'build');
      // The repository's modules the app's webpack.config.js loads, followed through their relative require() calls.
      const required = new Set<string>();
      const follow = (file: string) => {
        const relative = path.relative(repoRoot, file).split(path.sep).join('/');
        if (required.has(relative)) return;
        required.add(relative);
        const source = fs.readFileSync(file, 'utf8');
        for (const [, request] of source.matchAll(/require\('(\.{1,2}\/[^']+)'\)/g)) {
          const target = path.resolve(path.dirname(file), request!);
          follow(fs.existsSync(target) ? target : `${target}.js`);
        }
      };
      follow(path.join(repoRoot, app, 'webpack.config.js'));
      expect(required).toContain('build/webpack-app.js');
      expect([...required].filter((file) => !inputs.has(file))).toEqual([]);
    },
  );

  test("a remote's build put back from the cache is its latest release again (releases/index.json)", () => {
    const app = 'mf-cover';
    const file = path.join(repoRoot, app, 'src', 'lib', 'messages.ts');
    const version = () => (readJson(path.join(app, 'dist', 'release.json')) as { version: string }).version;
    const latest = () => (readJson(path.join(app, 'releases', 'index.json')) as { latest: string }).latest;
    buildWebApps([app]);
    const before = version();
    expect(latest()).toBe(before);
    const original = fs.readFileSync(file, 'utf8');
    expect(original).toContain("coverTitle: '커버 이미지 변경'");
    try {
      fs.writeFileSync(file, original.replace("coverTitle: '커버 이미지 변경'", "coverTitle: '커버 이미지 바꾸기'"));
      expect(buildWebApps([app])).toEqual([app]);
      expect(version()).not.toBe(before);
      expect(latest()).toBe(version());
    } finally {
      fs.writeFileSync(file, original);
    }
    // The earlier content: its build comes back from wireit's cache, and is published as the latest release again.
    expect(buildWebApps([app])).toEqual([app]);
    expect(version()).toBe(before);
    expect(latest()).toBe(before);
  });

  test.each(['contract/src/api-rules.ts', 'build/react-router-surface.mjs'])(
    'a change to %s makes exactly the apps that compiled it stale, and the build brings them back',
    (file) => {
      const bundling = apps.filter((app) => compiledFiles(app).includes(file)).sort();
      expect(bundling.length).toBeGreaterThan(0);
      // Whatever an earlier test or edit left stale is built first, so the only change below is this file's.
      buildWebApps();
      expect(Object.entries(freshness()).filter(([, fresh]) => !fresh)).toEqual([]);

      const absolute = path.join(repoRoot, file);
      const original = fs.readFileSync(absolute);
      let stale: string[];
      try {
        fs.appendFileSync(absolute, '\n// build-inputs.e2e.ts: a change of content\n');
        stale = Object.entries(freshness())
          .filter(([, fresh]) => !fresh)
          .map(([app]) => app)
          .sort();
      } finally {
        fs.writeFileSync(absolute, original);
      }
      expect(stale).toEqual(bundling);
      // Undone: the same content as the builds in wireit's cache, which come back without webpack running.
      expect(buildWebApps()).toEqual(bundling);
      expect(Object.entries(freshness()).filter(([, fresh]) => !fresh)).toEqual([]);
    },
  );
});
