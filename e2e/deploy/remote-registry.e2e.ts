/**
 * The remotes are declared once, in `remotes.json` (docs/decisions/0024-remote-registry.md): npm start and npm run dev
 * read their folders and ports from it (scripts/site-layout.mjs), the shell its route table. What cannot read it (each
 * remote's webpack `exposes`, docker-compose.yml and the gateway's REMOTES, checked in compose.e2e.ts) is compared with
 * it here, and so are the lists JSON cannot derive: the npm workspaces and the web type check's folders (jest's web
 * project derives its roots from it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import registry from '../../remotes.json';
import { siteRemotes } from './site-scripts';

const repoRoot = path.resolve(__dirname, '..', '..');

/** The Module Federation options of an app's webpack configuration. */
function federationOptions(dir: string): { name: string; exposes?: Record<string, string> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configure = require(path.join(repoRoot, dir, 'webpack.config.js')) as (
    env: unknown,
    argv: { mode: string },
  ) => Configuration | Configuration[];
  // Production builds of an app with a first-screen renderer are two configurations: the browser's comes first.
  const built = configure({}, { mode: 'production' });
  const plugin = (Array.isArray(built) ? built[0]! : built).plugins?.find(
    (p) => p?.constructor.name === 'ModuleFederationPlugin',
  ) as unknown as { _options: { name: string; exposes?: Record<string, string> } };
  return plugin._options;
}

describe('remotes.json, the one registry of remotes', () => {
  const remotes = registry.remotes;

  test('names every remote folder of the repository, each once, with its own port', () => {
    const folders = fs
      .readdirSync(repoRoot)
      .filter((name) => name.startsWith('mf-') && fs.existsSync(path.join(repoRoot, name, 'webpack.config.js')));
    expect(remotes.map((r) => r.dir).sort()).toEqual(folders.sort());
    expect(new Set(remotes.map((r) => r.name)).size).toBe(remotes.length);
    const offsets = remotes.map((r) => r.portOffset);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(1);
  });

  test.each(registry.remotes.map((r) => [r.name, r] as const))(
    '%s: its webpack build uses the registered name and exposes exactly the registered modules',
    (_name, remote) => {
      const options = federationOptions(remote.dir);
      expect(options.name).toBe(remote.name);
      expect(Object.keys(options.exposes ?? {}).sort()).toEqual([...remote.exposes].sort());
      if (remote.adminRoutes.length + remote.publicRoutes.length > 0) expect(remote.exposes).toContain('./Routes');
    },
  );

  test('is what scripts/site-layout.mjs serves', () => {
    expect(siteRemotes()).toEqual(remotes);
  });

  test('every remote is an npm workspace, type-checked and tested with the web apps (docs/decisions/0068-declared-once.md)', () => {
    const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as unknown;
    const { workspaces } = readJson('package.json') as { workspaces: string[] };
    const { include } = readJson('tsconfig.web.json') as { include: string[] };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const jestConfig = require(path.join(repoRoot, 'jest.config.js')) as {
      projects: { displayName: string; roots: string[] }[];
    };
    const webRoots = jestConfig.projects.find((project) => project.displayName === 'web')!.roots;
    for (const { dir } of remotes) {
      expect(workspaces).toContain(dir);
      expect(include).toContain(`${dir}/src`);
      expect(webRoots).toContain(`<rootDir>/${dir}/src`);
    }
  });

  test('every workspace tests and type-checks itself: npm test -w and npm run typecheck -w (docs/decisions/0065-content-keyed-builds.md)', () => {
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const missing = workspaces
      .filter((dir) => !dir.startsWith('e2e/fixtures/'))
      .flatMap((dir) => {
        const { scripts = {} } = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
          scripts?: Record<string, string>;
        };
        return ['test', 'typecheck'].filter((name) => !scripts[name]).map((name) => `${dir}: ${name}`);
      });
    expect(missing).toEqual([]);
  });

  test('gives every route to one remote only, administrator or public', () => {
    const routes = remotes.flatMap((r) => [...r.adminRoutes.map((route) => route.path), ...r.publicRoutes]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  test('names the roles of every administrator screen, the owner always among them (docs/decisions/0079-roles.md)', () => {
    const wrong = remotes.flatMap((r) =>
      r.adminRoutes
        .filter(
          ({ roles }) =>
            !roles.includes('owner') ||
            roles.some((role) => !['owner', 'editor', 'staff'].includes(role)) ||
            new Set(roles).size !== roles.length,
        )
        .map(({ path: route, roles }) => `${r.name} ${route}: ${JSON.stringify(roles)}`),
    );
    expect(wrong).toEqual([]);
  });
});
