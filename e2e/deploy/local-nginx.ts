/**
 * Runs the production nginx configuration files of deploy/ with Debian's nginx on loopback, in front
 * of a site started on this machine (no container engine here), laid out as the images of
 * deploy/web/Dockerfile lay it out:
 * - each remote served by deploy/web/nginx-static.conf (only its `listen` and `root` lines are changed,
 *   from the image's 8080 and /usr/share/nginx/html), from a root laid out as its `static` image's
 *   ({@link layOutStaticRoot});
 * - the shell's site server, `node scripts/serve-app.mjs shell <port>` as the `site-server` image runs it, with the
 *   shell service's environment of docker-compose.yml (the remotes under the gateway, REMOTE_URL_TEMPLATE; the
 *   running configuration of releases in a file of its own, REMOTE_RELEASES_FILE), reading the API and each
 *   remote's static server at their addresses here; it answers /config.json and sends the pages' policy;
 * - the gateway, deploy/gateway/nginx.conf.template rendered the way the nginx image's entrypoint
 *   does (envsubst of the listed variables), after deploy/gateway/write-remote-routes.sh wrote
 *   remotes.conf, exactly as at container start; its cache of the API's answers
 *   (LINKSITE_CACHE_DIR) in the nginx prefix, so each gateway started here begins empty.
 * One nginx process (not a daemon) serves every server block; `stop()` ends it and the site server.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secondsUntil } from '../support/poll';
import { serveApp } from '../support/static-app';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

export interface WebApp {
  /** Workspace folder of the app (shell, mf-store, …). */
  dir: string;
  port: number;
}

export interface LocalGatewayOptions {
  gatewayPort: number;
  /** The shell (`dir: 'shell'`, its site server) and every remote (its static server), each on its port. */
  apps: WebApp[];
  /** Federation name → workspace folder of every remote (the shell is `apps` entry `shell`). */
  remotes: { name: string; dir: string }[];
  apiPort: number;
  keycloakPort: number;
  /** More environment of the shell's site server: its identity settings (AUTH_MODE, OIDC_ISSUER, …). */
  siteEnv: Record<string, string>;
}

export interface LocalGateway {
  url: string;
  /** Where the shell's site server reads the running configuration of releases (REMOTE_RELEASES_FILE). */
  releasesFile: string;
  output(): string;
  stop(): Promise<void>;
}

/** envsubst with a list of defined names, as the nginx image's 20-envsubst-on-templates.sh runs it. */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => {
    const name = (braced ?? bare) as string;
    return Object.prototype.hasOwnProperty.call(vars, name) ? vars[name]! : match;
  });
}

/** Runs deploy/gateway/write-remote-routes.sh with `sh` and exactly `env` (plus PATH). */
export function writeRemoteRoutes(env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync('sh', [path.join(repoRoot, 'deploy/gateway/write-remote-routes.sh')], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

function replaceOnce(text: string, from: string, to: string, file: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`${file}: expected exactly one "${from}", found ${count}`);
  return text.replace(from, to);
}

/**
 * Lays out in `root` the web root of a remote's `static` image (deploy/web/Dockerfile) built from `appDir`, with
 * symbolic links: its `dist/` but the server build and dist's own release.json, `releases/` (the image's releases
 * volume; here `<appDir>/releases/`, which holds the newest release and those before it) and `release.json`, the
 * image's link to its release's descriptor (`releases/<version>/release.json`, the newest).
 * @returns the version `release.json` names
 */
export function layOutStaticRoot(appDir: string, root: string): string {
  const dist = path.join(appDir, 'dist');
  fs.mkdirSync(root, { recursive: true });
  for (const entry of fs.readdirSync(dist)) {
    if (entry === 'server' || entry === 'release.json') continue;
    fs.symlinkSync(path.join(dist, entry), path.join(root, entry));
  }
  const releases = path.join(appDir, 'releases');
  const { latest } = JSON.parse(fs.readFileSync(path.join(releases, 'index.json'), 'utf8')) as { latest: string };
  fs.symlinkSync(releases, path.join(root, 'releases'));
  fs.symlinkSync(`releases/${latest}/release.json`, path.join(root, 'release.json'));
  return latest;
}

export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = makePrefix();
  const runtimeDir = path.join(prefix, 'runtime');
  fs.mkdirSync(runtimeDir);

  const serverFiles: string[] = [];
  for (const app of options.apps.filter((a) => a.dir !== 'shell')) {
    const root = path.join(prefix, `html-${app.dir}`);
    layOutStaticRoot(path.join(repoRoot, app.dir), root);
    const file = path.join(prefix, `static-${app.dir}.conf`);
    fs.writeFileSync(file, renderStaticConf(app.port, root));
    serverFiles.push(file);
  }

  const portOf = (dir: string) => {
    const app = options.apps.find((a) => a.dir === dir);
    if (!app) throw new Error(`no server for ${dir}`);
    return app.port;
  };
  const written = writeRemoteRoutes({
    LINKSITE_RUNTIME_DIR: runtimeDir,
    REMOTES: options.remotes.map((r) => `${r.name}=127.0.0.1:${portOf(r.dir)}`).join(' '),
  });
  if (written.status !== 0) throw new Error(`write-remote-routes.sh failed:\n${written.stderr}`);

  const template = fs.readFileSync(path.join(repoRoot, 'deploy/gateway/nginx.conf.template'), 'utf8');
  const gatewayConf = renderTemplate(template, {
    GATEWAY_LISTEN: `127.0.0.1:${options.gatewayPort}`,
    NGINX_RESOLVER: '127.0.0.1',
    SHELL_UPSTREAM: `127.0.0.1:${portOf('shell')}`,
    API_UPSTREAM: `127.0.0.1:${options.apiPort}`,
    // `npm start`'s API serves the beacon itself (no separate ingest here): the same address.
    INGEST_UPSTREAM: `127.0.0.1:${options.apiPort}`,
    KEYCLOAK_UPSTREAM: `127.0.0.1:${options.keycloakPort}`,
    LINKSITE_RUNTIME_DIR: runtimeDir,
    LINKSITE_CACHE_DIR: path.join(prefix, 'api-cache'),
  });
  const directives = gatewayConf.split('\n').filter((line) => !line.trim().startsWith('#'));
  if (directives.some((line) => /\$\{[A-Z_]+\}/.test(line)))
    throw new Error(`unrendered variable left in the gateway template:\n${gatewayConf}`);
  const gatewayFile = path.join(prefix, 'gateway.conf');
  fs.writeFileSync(gatewayFile, gatewayConf);
  serverFiles.push(gatewayFile);

  // The site-server image's command and environment (docker-compose.yml `shell`), with this machine's addresses; its
  // own data folder and releases file (a folder, as compose mounts it), so nothing of a developer's `npm start` applies.
  const dataDir = path.join(prefix, 'site-server-data');
  fs.mkdirSync(dataDir);
  const releasesFile = path.join(prefix, 'remote-releases', 'remote-releases.json');
  fs.mkdirSync(path.dirname(releasesFile));
  const siteServer = await serveApp('shell', portOf('shell'), {
    API_INTERNAL_URL: `http://127.0.0.1:${options.apiPort}`,
    API_PORT: String(options.apiPort),
    DATA_DIR: dataDir,
    REMOTE_RELEASES_FILE: releasesFile,
    REMOTE_URL_TEMPLATE: '/remotes/{name}/remoteEntry.js',
    ...Object.fromEntries(
      options.remotes.map((r) => [`REMOTE_${r.name.toUpperCase()}_INTERNAL_URL`, `http://127.0.0.1:${portOf(r.dir)}/`]),
    ),
    ...options.siteEnv,
  });
  const url = `http://localhost:${options.gatewayPort}`;
  let nginx: Awaited<ReturnType<typeof runNginx>>;
  try {
    nginx = await runNginx(prefix, serverFiles, `${url}/config.json`);
  } catch (error) {
    await siteServer.stop();
    throw error;
  }
  try {
    // Ready as npm start takes it (scripts/services.mjs): a visitor gets the whole first screen, each slot rendered
    // with its remote's release. Without this wait, the first page view on a busy machine ran past the render bound
    // and was served without its slots (gateway.e2e then saw the live remoteEntry.js load instead of the release's).
    await secondsUntil(
      async () =>
        (await fetch(`http://127.0.0.1:${portOf('shell')}/first-screen/ready`).catch(() => null))?.status === 200,
      120_000,
    );
  } catch (error) {
    await nginx.stop();
    await siteServer.stop();
    throw error;
  }
  return {
    url,
    releasesFile,
    output: nginx.output,
    async stop() {
      await nginx.stop();
      await siteServer.stop();
    },
  };
}

/** The gateway alone in front of several API processes, as {@link startApiGateway} starts it. */
export interface ApiGateway {
  /** `http://127.0.0.1:<gatewayPort>` (the API under `/api/`). */
  url: string;
  output(): string;
  stop(): Promise<void>;
  /**
   * Routes `/api/` to the processes on `ports` only, as an orchestrator takes a replica out of (or back into) the
   * gateway's rotation before stopping it (Kubernetes: the endpoint is removed while the pod's preStop pause runs):
   * rewrites the upstream group and reloads nginx; resolves once the workers of the previous configuration have exited.
   */
  routeTo(ports: number[]): Promise<void>;
}

/**
 * deploy/gateway/nginx.conf.template rendered as the image does, with `/api/` in front of several API processes on
 * this machine (docs/decisions/0044-survivable-faults.md (b), item 9). In a container, Docker's DNS answers every
 * replica's address for API_UPSTREAM; here they share 127.0.0.1 on different ports, which DNS cannot say, so
 * API_UPSTREAM names an `upstream` group of those ports: nginx looks a `proxy_pass` variable's host up among the groups
 * before the resolver, and then balances and fails over (proxy_next_upstream) as over the resolved addresses.
 * `max_fails=0`: a group resolved per request keeps no failure marks between requests, so a named group must not either
 * (with nginx's default, a restarted process stays marked down for 10 s, and stopping the other one then leaves no live
 * upstream: 502). No static app is served (SHELL_UPSTREAM and the remotes point nowhere); remotes.conf is written as at
 * container start.
 * @param options.apiPorts the API processes' ports on 127.0.0.1.
 */
export async function startApiGateway(options: {
  gatewayPort: number;
  apiPorts: number[];
  /** Federation names of the remotes (site-scripts.ts siteRemotes), routed nowhere but required by the script. */
  remoteNames: string[];
  /** More server blocks for the same nginx (files included in its http{}): a benchmark's static baseline. */
  alsoInclude?: string[];
}): Promise<ApiGateway> {
  const prefix = makePrefix();
  const runtimeDir = path.join(prefix, 'runtime');
  fs.mkdirSync(runtimeDir);
  const url = `http://127.0.0.1:${options.gatewayPort}`;
  const written = writeRemoteRoutes({
    LINKSITE_RUNTIME_DIR: runtimeDir,
    REMOTES: options.remoteNames.map((name) => `${name}=127.0.0.1:9`).join(' '),
  });
  if (written.status !== 0) throw new Error(`write-remote-routes.sh failed:\n${written.stderr}`);
  const upstreamFile = path.join(prefix, 'api-upstream.conf');
  const writeUpstream = (ports: number[]) =>
    fs.writeFileSync(
      upstreamFile,
      `upstream linksite_api_replicas {\n${ports.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}\n}\n`,
    );
  writeUpstream(options.apiPorts);
  const template = fs.readFileSync(path.join(repoRoot, 'deploy/gateway/nginx.conf.template'), 'utf8');
  const gatewayFile = path.join(prefix, 'gateway.conf');
  fs.writeFileSync(
    gatewayFile,
    renderTemplate(template, {
      GATEWAY_LISTEN: `127.0.0.1:${options.gatewayPort}`,
      NGINX_RESOLVER: '127.0.0.1',
      SHELL_UPSTREAM: '127.0.0.1:9',
      API_UPSTREAM: 'linksite_api_replicas',
      // The API processes serve the beacon themselves (no separate ingest here): the same group.
      INGEST_UPSTREAM: 'linksite_api_replicas',
      KEYCLOAK_UPSTREAM: '127.0.0.1:9',
      LINKSITE_RUNTIME_DIR: runtimeDir,
      LINKSITE_CACHE_DIR: path.join(prefix, 'api-cache'),
    }),
  );
  const nginx = await runNginx(
    prefix,
    [upstreamFile, gatewayFile, ...(options.alsoInclude ?? [])],
    `${url}/gateway/health`,
  );
  return {
    url,
    ...nginx,
    async routeTo(ports) {
      writeUpstream(ports);
      await nginx.reload();
    },
  };
}

/** deploy/web/nginx-static.conf with its `listen` and `root` lines changed to `port` on loopback and `root`. */
export function renderStaticConf(port: number, root: string): string {
  const staticConf = fs.readFileSync(path.join(repoRoot, 'deploy/web/nginx-static.conf'), 'utf8');
  const conf = replaceOnce(staticConf, 'listen 8080;', `listen 127.0.0.1:${port};`, 'nginx-static.conf');
  return replaceOnce(conf, 'root /usr/share/nginx/html;', `root ${root};`, 'nginx-static.conf');
}

/** Serves the folder `root` with deploy/web/nginx-static.conf alone on `port` (one nginx process). */
export async function startStaticNginx(root: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = makePrefix();
  const file = path.join(prefix, 'static.conf');
  fs.writeFileSync(file, renderStaticConf(port, root));
  const url = `http://127.0.0.1:${port}`;
  const nginx = await runNginx(prefix, [file], `${url}/`);
  return { url, stop: nginx.stop };
}

/** The process ids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}

/** A temporary nginx prefix folder with a world-writable temp/ (workers run unprivileged when the master is root). */
export function makePrefix(): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-nginx-'));
  fs.chmodSync(prefix, 0o755);
  const tempDir = path.join(prefix, 'temp');
  fs.mkdirSync(tempDir, { mode: 0o777 });
  fs.chmodSync(tempDir, 0o777);
  return prefix;
}

/**
 * Starts one nginx (not a daemon) with the nginx image's http{} settings and `serverFiles` included; resolves once
 * `readyUrl` answers below 500. `stop()` ends it and removes `prefix`.
 */
export async function runNginx(
  prefix: string,
  serverFiles: string[],
  readyUrl: string,
): Promise<{ output(): string; stop(): Promise<void>; reload(): Promise<void> }> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  const tempDir = path.join(prefix, 'temp');
  // The http{} settings of the nginx image's own nginx.conf, with paths inside the prefix.
  const mainConf = path.join(prefix, 'nginx.conf');
  // Started as root, nginx runs its workers as an unprivileged user that cannot read a checkout under a 0700 folder
  // (a clone in `mktemp -d`): every build file would answer 404. The test's workers stay root, like the tests.
  const workerUser = process.getuid?.() === 0 ? 'user root;\n' : '';
  fs.writeFileSync(
    mainConf,
    `${workerUser}daemon off;
worker_processes 1;
error_log stderr warn;
pid ${path.join(prefix, 'nginx.pid')};
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${tempDir}/client_body;
    proxy_temp_path ${tempDir}/proxy;
    fastcgi_temp_path ${tempDir}/fastcgi;
    uwsgi_temp_path ${tempDir}/uwsgi;
    scgi_temp_path ${tempDir}/scgi;
${serverFiles.map((file) => `    include ${file};`).join('\n')}
}
`,
  );

  const args = ['-p', prefix, '-e', 'stderr', '-c', mainConf];
  const check = spawnSync(nginxBinary, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

  const child: ChildProcess = spawn(nginxBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(readyUrl)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    output: () => output,
    /** `nginx -s reload`; resolves once the previous workers have exited (they finish their requests first). */
    async reload() {
      const before = childrenOf(child.pid!);
      const reloaded = spawnSync(nginxBinary!, [...args, '-s', 'reload'], { encoding: 'utf8' });
      if (reloaded.status !== 0) throw new Error(`nginx -s reload failed:\n${reloaded.stderr}`);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = childrenOf(child.pid!);
        if (now.length > 0 && now.every((pid) => !before.includes(pid))) return;
        if (Date.now() > deadline) throw new Error(`nginx reload: workers ${before.join(', ')} still running`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.kill('SIGQUIT');
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
