/**
 * docker-compose.yml validates and says what production needs (docs/decisions/0016-compose-and-gateway.md,
 * docs/decisions/0012-keycloak-in-production.md), and the web images of deploy/web/Dockerfile hold what their servers
 * read. No container engine runs here: Debian's `docker-compose` only validates and renders the file, with a throw-away
 * env file standing in for the real `.env`; the site-server image's files are laid out as its COPY lines say and its
 * command is run from them.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { stablePort } from '../../api/src/test/stable-ports';
import registry from '../../remotes.json';
import { renderTemplate } from './local-nginx';
import { runtimeConfigOf, siteRemotes } from './site-scripts';

const repoRoot = path.resolve(__dirname, '..', '..');
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

// .ci/run installs docker-compose, so CI always runs these; only a developer machine without it skips.
const describeWithCompose = hasCompose || process.env.CI ? describe : describe.skip;
if (!hasCompose && !process.env.CI) {
  console.warn('compose.e2e.ts: docker-compose is not installed (apt-get install docker-compose); skipped.');
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  expose?: string[];
  command?: string[] | string;
  environment?: Record<string, string>;
  ports?: unknown[];
  volumes?: ({ source?: string; target?: string } | string)[];
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number };
  healthcheck?: unknown;
}

const secrets = {
  POSTGRES_PASSWORD: `pg-${process.pid}-a1`,
  KEYCLOAK_DB_PASSWORD: `kcdb-${process.pid}-b2`,
  KEYCLOAK_ADMIN_PASSWORD: `kcadmin-${process.pid}-c3`,
  KEYCLOAK_ADMIN_INITIAL_PASSWORD: `initial-${process.pid}-d4`,
};
const publicUrl = 'https://links.example.test';

/** Runs docker-compose on the file with only `envFile` (not this process's environment) as input. */
function compose(envFile: string, ...args: string[]) {
  return spawnSync('docker-compose', ['-f', composeFile, '--env-file', envFile, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir() },
    encoding: 'utf8',
  });
}

/** The rendered file as an object: `config --format json` (Compose v2), else Compose v1's YAML via PyYAML. */
function renderedConfig(envFile: string): { services: Record<string, Service>; volumes?: Record<string, unknown> } {
  const json = compose(envFile, 'config', '--format', 'json');
  // Compose v1 prints its usage, with exit code 0, for an option it does not know.
  if (json.status === 0 && json.stdout.trimStart().startsWith('{')) return JSON.parse(json.stdout);
  const yaml = compose(envFile, 'config');
  expect(yaml.stderr).toBe('');
  const parsed = spawnSync(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      input: yaml.stdout,
      encoding: 'utf8',
    },
  );
  if (parsed.status !== 0) throw new Error(`cannot parse docker-compose config output:\n${parsed.stderr}`);
  return JSON.parse(parsed.stdout);
}

describeWithCompose('docker-compose.yml', () => {
  let dir: string;
  let envFile: string;
  let services: Record<string, Service>;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-compose-'));
    envFile = path.join(dir, 'test.env');
    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const filled = example
      .split('\n')
      .map((line) => {
        const name = /^([A-Z_]+)=/.exec(line)?.[1];
        if (name && name in secrets) return `${name}=${secrets[name as keyof typeof secrets]}`;
        if (name === 'PUBLIC_URL') return `PUBLIC_URL=${publicUrl}`;
        return line;
      })
      .join('\n');
    fs.writeFileSync(envFile, filled);
    services = renderedConfig(envFile).services;
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('validates with `docker-compose config -q`', () => {
    const result = compose(envFile, 'config', '-q');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('refuses to render without a required secret, naming it', () => {
    const withoutPassword = path.join(dir, 'missing.env');
    fs.writeFileSync(withoutPassword, fs.readFileSync(envFile, 'utf8').replace(/^POSTGRES_PASSWORD=.*$/m, ''));
    const result = compose(withoutPassword, 'config', '-q');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('POSTGRES_PASSWORD');
  });

  test('has no secret in the file: every password comes from the env file, which git ignores', () => {
    const text = fs.readFileSync(composeFile, 'utf8');
    const assignments = [...text.matchAll(/^\s*([A-Z_]*(?:PASSWORD|SECRET)[A-Z_]*):\s*(.*)$/gm)];
    expect(assignments.length).toBeGreaterThanOrEqual(4);
    for (const [, name, value] of assignments)
      expect([name, value]).toEqual([name, expect.stringMatching(/^\$\{[A-Z_]+:\?/)]);
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(services.keycloak!.environment!.KC_BOOTSTRAP_ADMIN_PASSWORD).toBe(secrets.KEYCLOAK_ADMIN_PASSWORD);
    expect(services.api!.environment!.DATABASE_URL).toContain(secrets.POSTGRES_PASSWORD);
    const ignored = spawnSync('git', ['check-ignore', '-q', '.env'], { cwd: repoRoot });
    expect(ignored.status).toBe(0);
  });

  test('.env.example names every variable the file reads', () => {
    const text = fs.readFileSync(composeFile, 'utf8');
    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const used = new Set([...text.matchAll(/\$\{([A-Z_]+)[:}]/g)].map((m) => m[1]!));
    const listed = new Set([...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
  });

  test('the API runs as 2 replicas after a one-shot migration, never migrating or seeding itself', () => {
    const api = services.api!;
    expect(api.deploy?.replicas).toBe(2);
    expect(api.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
    expect(api.environment).toMatchObject({
      MIGRATIONS_RUN: 'false',
      SEED_ON_EMPTY: 'false',
      OIDC_ISSUER: `${publicUrl}/auth/realms/linksite`,
      OIDC_DISCOVERY_URL: 'http://keycloak:8080/auth/realms/linksite',
    });
    const migrate = services.migrate!;
    expect(migrate.image).toBe(api.image);
    expect(migrate.command).toEqual(['node', 'api/dist/database/migrate-command.js']);
    expect(migrate.build?.dockerfile).toBe('api/Dockerfile');
  });

  test('the analytics ingest runs the API image on its own after the migration, and the gateway sends it the beacon (docs/decisions/0072-cheap-analytics-ingest.md)', () => {
    const api = services.api!;
    const ingest = services.ingest!;
    expect(ingest.image).toBe(api.image);
    expect(ingest.build?.dockerfile).toBe('api/Dockerfile');
    expect(ingest.command).toEqual(['node', 'api/dist/ingest-main.js']);
    // The API's settings (MIGRATIONS_RUN=false among them): it never migrates and starts once migrate has.
    expect(ingest.environment).toEqual(api.environment);
    expect(ingest.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      redis: { condition: 'service_healthy' },
    });
    expect(ingest.expose).toEqual(['3000']);
    // The image's HEALTHCHECK (/api/health/ready), as the API's; the runtime stage holds the whole of api/dist, so the
    // ingest's entry is there with the API's.
    expect(ingest.healthcheck).toBeUndefined();
    const runtime = dockerStage('api/Dockerfile', 'runtime');
    expect(runtime).toContain('COPY --from=build /app/api/dist ./api/dist');
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/api/health/ready');
    // The gateway starts after it and routes exactly the beacon's path to it (INGEST_UPSTREAM, defaulted in its image).
    const gatewayDeps = services.gateway!.depends_on!;
    expect(Array.isArray(gatewayDeps) ? gatewayDeps : Object.keys(gatewayDeps)).toContain('ingest');
    expect(fs.readFileSync(path.join(repoRoot, 'deploy/gateway/Dockerfile'), 'utf8')).toContain(
      'INGEST_UPSTREAM=ingest:3000',
    );
    const gatewayConf = renderTemplate(
      fs.readFileSync(path.join(repoRoot, 'deploy/gateway/nginx.conf.template'), 'utf8'),
      { API_UPSTREAM: 'api:3000', INGEST_UPSTREAM: 'ingest:3000' },
    );
    const beacon = /^ {4}location = \/api\/analytics\/events \{\n([\s\S]*?)^ {4}\}$/m.exec(gatewayConf)?.[1];
    expect(beacon).toMatch(/^ +set \$(\w+) ingest:3000;\n +proxy_pass http:\/\/\$\1;$/m);
    expect(beacon).toContain('error_page 502 504 = @api_unavailable;');
    expect(beacon).not.toContain('proxy_cache');
  });

  test('Keycloak imports the linksite realm, on its own database, under /auth of the public URL', () => {
    const keycloak = services.keycloak!;
    expect(keycloak.command).toEqual(['start', '--import-realm']);
    const mounts = (keycloak.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(mounts).toContainEqual(
      expect.stringMatching(
        /deploy\/keycloak\/linksite-realm\.json:\/opt\/keycloak\/data\/import\/linksite-realm\.json/,
      ),
    );
    expect(keycloak.environment).toMatchObject({
      KC_DB: 'postgres',
      KC_DB_URL: 'jdbc:postgresql://postgres:5432/keycloak',
      KC_HTTP_RELATIVE_PATH: '/auth',
      KC_HOSTNAME: `${publicUrl}/auth`,
      KC_PROXY_HEADERS: 'xforwarded',
      KC_HTTP_ENABLED: 'true',
      KC_HEALTH_ENABLED: 'true',
      PUBLIC_URL: publicUrl,
      KEYCLOAK_ADMIN_INITIAL_PASSWORD: secrets.KEYCLOAK_ADMIN_INITIAL_PASSWORD,
    });
    const realm = fs.readFileSync(path.join(repoRoot, 'deploy/keycloak/linksite-realm.json'), 'utf8');
    expect(realm).toContain('${PUBLIC_URL}');
    expect(realm).toContain('${KEYCLOAK_ADMIN_INITIAL_PASSWORD}');
  });

  test('the realm export locks out guessers without locking out the owner for long, and allows only code + PKCE (docs/decisions/0045-identity-hardening.md)', () => {
    const realm = JSON.parse(fs.readFileSync(path.join(repoRoot, 'deploy/keycloak/linksite-realm.json'), 'utf8')) as {
      bruteForceProtected: boolean;
      permanentLockout: boolean;
      maxFailureWaitSeconds: number;
      revokeRefreshToken: boolean;
      refreshTokenMaxReuse: number;
      accessTokenLifespan: number;
      clients: {
        clientId: string;
        publicClient: boolean;
        standardFlowEnabled: boolean;
        implicitFlowEnabled: boolean;
        directAccessGrantsEnabled: boolean;
        serviceAccountsEnabled: boolean;
        attributes: Record<string, string>;
      }[];
    };
    expect(realm.bruteForceProtected).toBe(true);
    expect(realm.permanentLockout).toBe(false);
    expect(realm.maxFailureWaitSeconds).toBeLessThanOrEqual(15 * 60);
    expect(realm.revokeRefreshToken).toBe(true);
    expect(realm.refreshTokenMaxReuse).toBe(0);
    expect(realm.accessTokenLifespan).toBeLessThanOrEqual(300);
    const [shell, ...others] = realm.clients;
    expect(others).toEqual([]);
    expect(shell).toMatchObject({
      clientId: 'linksite-shell',
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
    });
    expect(shell!.attributes['pkce.code.challenge.method']).toBe('S256');
  });

  test('PostgreSQL keeps its data in a named volume and creates the Keycloak database on first start', () => {
    const postgres = services.postgres!;
    expect(postgres.healthcheck).toBeDefined();
    const mounts = (postgres.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(mounts).toContainEqual(expect.stringMatching(/^pgdata:\/var\/lib\/postgresql\/data/));
    expect(mounts).toContainEqual(
      expect.stringMatching(/deploy\/postgres\/init-keycloak-db\.sh:\/docker-entrypoint-initdb\.d\//),
    );
  });

  test('every frontend app of scripts/site-layout.mjs is its own service, routed by the gateway', () => {
    const apps = [{ name: 'shell', dir: 'shell' }, ...siteRemotes()];
    for (const app of apps) {
      const { dockerfile, target, args } = services[app.dir]?.build ?? {};
      expect([app.dir, dockerfile, target, args?.APP]).toEqual([
        app.dir,
        'deploy/web/Dockerfile',
        app.dir === 'shell' ? 'site-server' : 'static',
        app.dir,
      ]);
    }
    const routed = services.gateway!.environment!.REMOTES!.split(/\s+/);
    expect(routed.sort()).toEqual(
      siteRemotes()
        .map((r) => `${r.name}=${r.dir}:8080`)
        .sort(),
    );
  });

  test("the shell is the site server, reading the API and the first-screen remotes' releases at their services", () => {
    const shell = services.shell!;
    const firstScreen = registry.remotes.filter((remote) => 'firstScreen' in remote);
    expect(firstScreen.map((remote) => remote.name).sort()).toEqual(['mf_plans', 'mf_store']);
    expect(shell.environment).toMatchObject({
      API_INTERNAL_URL: 'http://api:3000',
      ...Object.fromEntries(
        firstScreen.map((remote) => [`REMOTE_${remote.name.toUpperCase()}_INTERNAL_URL`, `http://${remote.dir}:8080/`]),
      ),
      // The visitor's address from the gateway's X-Forwarded-For, as the API believes it.
      TRUST_PROXY: 'loopback, uniquelocal',
      REMOTE_RELEASES_FILE: '/etc/linksite/releases/remote-releases.json',
    });
    // The running configuration of releases, from the repository's folder (no pins: every remote's newest).
    expect(shell.volumes).toEqual([`${path.join(repoRoot, 'deploy/remote-releases')}:/etc/linksite/releases:ro`]);
    const releasesConfig = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'deploy/remote-releases/remote-releases.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(Object.keys(releasesConfig).filter((key) => !key.startsWith('$'))).toEqual([]);
    // The addresses name services that listen there.
    expect(services.api!.expose).toContain('3000');
    for (const remote of firstScreen) expect(services[remote.dir]!.expose).toContain('8080');
    // The site server answers on the port the gateway proxies to (deploy/gateway/Dockerfile SHELL_UPSTREAM).
    expect(shell.expose).toEqual(['8080']);
    expect(fs.readFileSync(path.join(repoRoot, 'deploy/gateway/Dockerfile'), 'utf8')).toContain(
      'SHELL_UPSTREAM=shell:8080',
    );
    // The image's own HEALTHCHECK (in Node: the image has no wget) is the shell's; the static one is the remotes'.
    expect(shell.healthcheck).toBeUndefined();
  });

  test('every remote keeps its releases in a named volume of its own, mounted where its image publishes them', () => {
    const declared = renderedConfig(envFile).volumes ?? {};
    for (const remote of siteRemotes()) {
      const mounts = (services[remote.dir]!.volumes ?? []).map((v) =>
        typeof v === 'string' ? v.replace(/:rw$/, '') : `${v.source}:${v.target}`,
      );
      expect([remote.dir, mounts]).toEqual([remote.dir, [`${remote.dir}-releases:/usr/share/nginx/html/releases`]]);
      expect(Object.keys(declared)).toContain(`${remote.dir}-releases`);
      expect(services[remote.dir]!.healthcheck).toBeDefined();
    }
  });

  test('the images copy what their builds read (no engine here to build them): web apps platform and the contract, the API no web app', () => {
    const copies = (dockerfile: string) =>
      fs
        .readFileSync(path.join(repoRoot, dockerfile), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('COPY '))
        .map((line) => line.replace(/\s+/g, ' ').trim());
    // What build/webpack-app.js compiles from outside the app's own folder (the `@linksite/contract/api-rules` import
    // broke the image builds while the contract was not copied).
    const sharedSources = ['build', 'types', 'platform', 'contract'];
    const web = copies('deploy/web/Dockerfile');
    for (const dir of sharedSources) expect(web).toContain(`COPY ${dir} ./${dir}`);

    // The API serves data only and holds no web code (ARCHITECTURE "Each tier owns its code"): the web tier renders
    // the first screen of / from GET /api/site/first-screen, so the API image copies no app and no app's build.
    const webApps = fs.readdirSync(repoRoot).filter((dir) => dir === 'shell' || dir.startsWith('mf-'));
    expect(webApps).toEqual(expect.arrayContaining(['mf-plans', 'mf-store', 'shell']));
    const api = copies('api/Dockerfile');
    expect(api).toContain('COPY api ./api');
    const copiedPaths = api.flatMap((line) =>
      line
        .split(' ')
        .slice(1)
        .filter((word) => !word.startsWith('--'))
        .flatMap((operand) => operand.split('/')),
    );
    for (const dir of [...webApps, ...sharedSources]) expect(copiedPaths).not.toContain(dir);
    expect(api.filter((line) => /dist\/server|--from=first-screen/.test(line))).toEqual([]);
  });

  test("the shell's environment makes the site's /config.json: remotes under the gateway, Keycloak under PUBLIC_URL", () => {
    const config = runtimeConfigOf('links.example.test', services.shell!.environment!);
    expect(config.remotes).toEqual(
      Object.fromEntries(siteRemotes().map((r) => [r.name, `/remotes/${r.name}/remoteEntry.js`])),
    );
    expect(config.auth).toEqual({
      mode: 'keycloak',
      url: `${publicUrl}/auth`,
      realm: 'linksite',
      clientId: 'linksite-shell',
      autoRefresh: true,
      adminRole: 'admin',
    });
    expect(config.searchUrl).toBe('https://search.naver.com/search.naver?query={keyword}');
    expect(config.analyticsId).toBeNull();
    // The one writer of /config.json and of the pages' policy: the gateway is given no such setting.
    expect(Object.keys(services.gateway!.environment!)).toEqual(['REMOTES']);
  });

  test('the gateway is the only published port', () => {
    const published = Object.entries(services).filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    const [port] = services.gateway!.ports as { published: number | string; target: number | string }[];
    expect([String(port!.published), String(port!.target)]).toEqual(['80', '8080']);
  });
});

/** The instructions of stage `name` of `dockerfile` (continuation lines joined, comments left out). */
function dockerStage(dockerfile: string, name: string): string[] {
  const lines = fs
    .readFileSync(path.join(repoRoot, dockerfile), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const start = lines.findIndex((line) => new RegExp(`^FROM \\S+ AS ${name}$`, 'i').test(line));
  if (start < 0) throw new Error(`${dockerfile}: no stage ${name}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('FROM '));
  return lines.slice(start, end < 0 ? undefined : end);
}

/**
 * The modules `entry` loads when it runs, followed through relative imports, `require`s and worker files
 * (`new URL('./…', import.meta.url)`): the files (absolute) and the npm packages named.
 */
function moduleClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [
      ...ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName),
      ...[...text.matchAll(/new URL\('(\.[^']+)', import\.meta\.url\)/g)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier))
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  };
  visit(entry);
  return { files, packages };
}

describe('deploy/web/Dockerfile: a static image per remote, the site server for the shell', () => {
  const copiesOf = (stage: string[]) => stage.filter((line) => line.startsWith('COPY '));

  test('the static target serves the remote and publishes its release into the volume at start, as nginx', () => {
    const stage = dockerStage('deploy/web/Dockerfile', 'static');
    expect(stage[0]).toMatch(/^FROM nginxinc\/nginx-unprivileged:\S+ AS static$/);
    expect(copiesOf(stage)).toEqual([
      'COPY deploy/web/nginx-static.conf /etc/nginx/conf.d/default.conf',
      'COPY --from=static-files /out/html /usr/share/nginx/html',
      'COPY --from=static-files /out/release /opt/linksite/release',
      'COPY --chmod=755 deploy/web/publish-release.sh /docker-entrypoint.d/40-linksite-release.sh',
    ]);
    // The volume's mount point is the nginx user's, so a new named volume is too; the image runs as that user again.
    expect(stage).toContain('RUN install -d -o 101 -g 101 -m 755 /usr/share/nginx/html/releases');
    expect(stage.filter((line) => line.startsWith('USER ')).at(-1)).toBe('USER 101');
    // The script's defaults are the paths the image puts things at.
    const script = fs.readFileSync(path.join(repoRoot, 'deploy/web/publish-release.sh'), 'utf8');
    expect(script).toContain('kept=${LINKSITE_RELEASE_DIR:-/opt/linksite/release}');
    expect(script).toContain('releases=${LINKSITE_RELEASES_ROOT:-/usr/share/nginx/html/releases}');
    // The web root's release.json is the image's link into the volume.
    expect(dockerStage('deploy/web/Dockerfile', 'static-files').join('\n')).toContain(
      'ln -s "releases/${version}/release.json" /out/html/release.json',
    );
  });

  test("the site-server target holds the shell's server and build, no other app, and runs as node", () => {
    const stage = dockerStage('deploy/web/Dockerfile', 'site-server');
    expect(stage[0]).toMatch(/^FROM node:22-\S+ AS site-server$/);
    const copied = copiesOf(stage).flatMap((line) =>
      line
        .split(' ')
        .slice(1, -1)
        .filter((word) => !word.startsWith('--')),
    );
    expect(copied).toEqual([
      'package.json',
      'package-lock.json',
      'scripts',
      'build/first-screen-markers.js',
      'remotes.json',
      '/src/shell/dist',
    ]);
    const otherApps = fs
      .readdirSync(repoRoot)
      .filter((dir) => ['api', 'idp', 'platform', 'contract'].includes(dir) || dir.startsWith('mf-'));
    expect(otherApps.length).toBeGreaterThanOrEqual(8);
    for (const source of copied) for (const dir of otherApps) expect(source.split('/')).not.toContain(dir);
    // The root manifest's production dependencies only, without the workspaces' (their folders are not there).
    const install = stage.find((line) => /^RUN npm (ci|install) /.test(line)) ?? '';
    expect(install).toContain('--omit=dev');
    expect(install).toContain('--workspaces=false');
    expect(stage).toContain('USER node');
    expect(stage.some((line) => line.startsWith('HEALTHCHECK '))).toBe(true);
    expect(stage.at(-1)).toBe('CMD ["node", "scripts/serve-app.mjs", "shell", "8080"]');
  });

  describe("the site-server image's files, laid out as its COPY lines say", () => {
    let appDir: string;
    let child: ChildProcess | undefined;

    beforeAll(() => {
      appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-site-server-image-'));
      for (const line of copiesOf(dockerStage('deploy/web/Dockerfile', 'site-server'))) {
        const words = line.split(' ').slice(1);
        const fromBuild = words.includes('--from=build');
        const operands = words.filter((word) => !word.startsWith('--'));
        const destination = path.join(appDir, operands.pop()!);
        for (const source of operands) {
          // The build stage's /src is the repository's layout (its WORKDIR, with the app built in it).
          const from = fromBuild ? path.join(repoRoot, path.relative('/src', source)) : path.join(repoRoot, source);
          const to =
            destination.endsWith(path.sep) || operands.length > 1
              ? path.join(destination, path.basename(source))
              : destination;
          fs.cpSync(from, to, { recursive: true });
        }
      }
      // `npm ci --omit=dev --workspaces=false` of the image: the checked packages below, from this checkout.
      fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(appDir, 'node_modules'));
    });

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(appDir, { recursive: true, force: true });
    });

    test('every module the server loads is there, and every package it imports is a production dependency of the root', () => {
      const { files, packages } = moduleClosure(path.join(appDir, 'scripts', 'serve-app.mjs'));
      for (const file of files) expect(path.relative(appDir, file)).not.toMatch(/^\.\./);
      expect([...files].map((file) => path.relative(appDir, file))).toEqual(
        expect.arrayContaining(['build/first-screen-markers.js', 'scripts/first-screen/render-worker.mjs']),
      );
      const { dependencies } = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      expect([...packages].filter((name) => !(name in dependencies))).toEqual([]);
    });

    test('its command starts from them and serves the shell', async () => {
      const port = await stablePort();
      child = spawn(process.execPath, ['scripts/serve-app.mjs', 'shell', String(port)], {
        cwd: appDir,
        // Nothing else answers: the page is served without its first screen and head.
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          NODE_ENV: 'production',
          API_INTERNAL_URL: 'http://127.0.0.1:9',
          REMOTE_MF_STORE_INTERNAL_URL: 'http://127.0.0.1:9/',
          REMOTE_MF_PLANS_INTERNAL_URL: 'http://127.0.0.1:9/',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      await new Promise<void>((resolve, reject) => {
        child!.stdout!.on('data', () => output.includes('listening on') && resolve());
        child!.once('exit', (code) => reject(new Error(`serve-app exited with ${code}: ${output}`)));
      });
      const index = await fetch(`http://127.0.0.1:${port}/index.html`);
      expect(index.status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
    });
  });
});
