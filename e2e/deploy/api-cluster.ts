import {
  type ApiProcess,
  type IssuerProcess,
  startApiProcess,
  startIssuerProcess,
} from '../../api/src/test/api-process';
import { stablePortBlock } from '../../api/src/test/stable-ports';
import { createMigratedTestDatabase, type TestDatabase } from '../../api/src/test/test-database';
import { type ApiGateway, startApiGateway } from './local-nginx';
import { siteRemotes } from './site-scripts';

/** Several API processes on one database, behind the gateway (what {@link startApiCluster} starts). */
export interface ApiCluster {
  database: TestDatabase;
  /** The test issuer of administrator tokens every process accepts. */
  issuer: IssuerProcess;
  gateway: ApiGateway;
  /** The processes by index; a test that restarts one puts the new one in its place. */
  processes: ApiProcess[];
  /** Each process's port, kept across restarts. */
  ports: number[];
  /** The environment every process was started with. */
  env: NodeJS.ProcessEnv;
  /** Stops the processes, the gateway and the issuer, and drops the database. */
  stop(): Promise<void>;
}

/**
 * `count` real API processes on one fresh database of the test server (`createMigratedTestDatabase(name)`), with a test
 * issuer and the rate limits out of the way, behind the gateway's real nginx configuration
 * (local-nginx.ts `startApiGateway`). The ports lie outside the ephemeral range, so a process restarted on its port
 * finds it free (api/src/test/stable-ports.ts). One process after the other, each finding the migrations done (the database is a copy of the
 * migrated template).
 * @param env more environment for every process (REDIS_URL, …)
 */
export async function startApiCluster(name: string, count: number, env: NodeJS.ProcessEnv = {}): Promise<ApiCluster> {
  const database = await createMigratedTestDatabase(name);
  const issuer = await startIssuerProcess();
  const base = await stablePortBlock(count + 1);
  const ports = Array.from({ length: count }, (_, i) => base + i);
  const processEnv: NodeJS.ProcessEnv = {
    DATABASE_URL: database.url,
    OIDC_ISSUER: issuer.issuer,
    RATE_LIMIT_READ_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
    ...env,
  };
  const processes: ApiProcess[] = [];
  for (const port of ports) processes.push(await startApiProcess(port, processEnv));
  const gateway = await startApiGateway({
    gatewayPort: base + count,
    apiPorts: ports,
    remoteNames: siteRemotes().map((r) => r.name),
  });
  return {
    database,
    issuer,
    gateway,
    processes,
    ports,
    env: processEnv,
    async stop() {
      await Promise.all(processes.map((p) => p?.terminate()));
      await gateway.stop();
      issuer.child.kill('SIGTERM');
      await database.drop();
    },
  };
}
