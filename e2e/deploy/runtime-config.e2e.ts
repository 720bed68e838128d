/**
 * scripts/runtime-config.mjs, the one writer of `/config.json` (docs/decisions/0008-runtime-configuration.md): where
 * each remote's entry is named (REMOTE_<NAME>_URL, then REMOTE_URL_TEMPLATE, then the browser's host name on the
 * remote's port), and a pinned live release of the running configuration (scripts/release-config.mjs) named beside that
 * entry. Run in a child Node, as the shell's site server runs it (e2e/deploy/site-scripts.ts); no server is started but
 * for the start-up check.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import registry from '../../remotes.json';
import { runtimeConfigOf, siteRemotes } from './site-scripts';

const repoRoot = path.resolve(__dirname, '..', '..');
const remotes = siteRemotes();
const pinned = '3f2a9c0d1e4b';

/** Federation name → `entryOf(name)` for every remote. */
const everyRemote = (entryOf: (name: string) => string) =>
  Object.fromEntries(remotes.map((remote) => [remote.name, entryOf(remote.name)]));

test("without a template, each remote is on the browser's host name at its own port (SITE_PORT + portOffset)", () => {
  const { remotes: entries } = runtimeConfigOf('192.168.0.7', { SITE_PORT: '9000' });
  expect(entries).toEqual(
    Object.fromEntries(
      registry.remotes.map((remote) => [remote.name, `http://192.168.0.7:${9000 + remote.portOffset}/remoteEntry.js`]),
    ),
  );
  expect(entries.mf_store).toBe('http://192.168.0.7:9001/remoteEntry.js');
});

test.each([
  ["a path on the page's origin (behind the gateway)", '/remotes/{name}/remoteEntry.js'],
  ['an absolute address', 'https://cdn.example.com/remotes/{name}/remoteEntry.js'],
])('REMOTE_URL_TEMPLATE as %s names every remote by its federation name', (_label, template) => {
  const { remotes: entries } = runtimeConfigOf('links.example.com', { REMOTE_URL_TEMPLATE: template });
  expect(entries).toEqual(everyRemote((name) => template.replace('{name}', name)));
});

test('REMOTE_<NAME>_URL comes before the template, for that remote only', () => {
  const env = {
    REMOTE_URL_TEMPLATE: '/remotes/{name}/remoteEntry.js',
    REMOTE_MF_STORE_URL: 'https://cdn.example.com/mf_store/1.4.0/remoteEntry.js',
  };
  expect(runtimeConfigOf('links.example.com', env).remotes).toEqual({
    ...everyRemote((name) => `/remotes/${name}/remoteEntry.js`),
    mf_store: 'https://cdn.example.com/mf_store/1.4.0/remoteEntry.js',
  });
});

test('a pinned live release is named in its folder beside the entry, relative or absolute as the entry is', () => {
  const env = {
    REMOTE_URL_TEMPLATE: '/remotes/{name}/remoteEntry.js',
    REMOTE_MF_PLANS_URL: 'https://cdn.example.com/mf_plans/remoteEntry.js',
  };
  const releases = { mf_store: { live: pinned }, mf_plans: { live: pinned }, mf_links: {} };
  expect(runtimeConfigOf('links.example.com', env, releases).remotes).toEqual({
    ...everyRemote((name) => `/remotes/${name}/remoteEntry.js`),
    mf_store: `/remotes/mf_store/releases/${pinned}/remoteEntry.js`,
    mf_plans: `https://cdn.example.com/mf_plans/releases/${pinned}/remoteEntry.js`,
  });
  // With neither: the remote's own port.
  expect(runtimeConfigOf('localhost', {}, releases).remotes.mf_store).toBe(
    `http://localhost:8081/releases/${pinned}/remoteEntry.js`,
  );
});

test("the shell's site server refuses at start a template without {name}, naming the variable", () => {
  const result = spawnSync(process.execPath, ['scripts/serve-app.mjs', 'shell', '1'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', REMOTE_URL_TEMPLATE: '/remotes/remoteEntry.js' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  // EX_CONFIG (scripts/services.mjs EXIT_CONFIGURATION): npm start then stops instead of running on without it.
  expect(result.status).toBe(78);
  expect(result.stderr).toContain('설정 오류: REMOTE_URL_TEMPLATE 에는 {name} 이 있어야 합니다');
});
