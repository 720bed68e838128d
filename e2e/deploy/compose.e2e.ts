/**
 * docker-compose.yml validates and says what production needs (issue 6 item 2, issue 3 item 5).
 * No container engine runs here: Debian's `docker-compose` only validates and renders the file, with
 * a throw-away env file standing in for the real `.env`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteRemotes } from './site-scripts';

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
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
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

  test('the realm export locks out guessers without locking out the owner for long, and allows only code + PKCE (issue 15 item 5)', () => {
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
      expect([app.dir, services[app.dir]?.build?.dockerfile, services[app.dir]?.build?.args?.APP]).toEqual([
        app.dir,
        'deploy/web/Dockerfile',
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

  test('the gateway is the only published port', () => {
    const published = Object.entries(services).filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    const [port] = services.gateway!.ports as { published: number | string; target: number | string }[];
    expect([String(port!.published), String(port!.target)]).toEqual(['80', '8080']);
    expect(services.gateway!.environment!.PUBLIC_URL).toBe(publicUrl);
  });
});
