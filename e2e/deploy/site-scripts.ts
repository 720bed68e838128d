/** Values computed by the repository's own ES-module scripts (scripts/*.mjs), read from a child Node. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

function evalModule<T>(source: string, env: Record<string, string> = {}): T {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node -e failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** The remotes of scripts/site-layout.mjs: federation name and workspace folder, in build order. */
export function siteRemotes(): { name: string; dir: string }[] {
  return evalModule(`import { remotes } from './scripts/site-layout.mjs'; console.log(JSON.stringify(remotes));`);
}

/**
 * scripts/runtime-config.mjs `buildRuntimeConfig` for `hostname` under exactly `env`, with the running configuration
 * of releases `releases` (scripts/release-config.mjs; none by default).
 */
export function runtimeConfigOf(
  hostname: string,
  env: Record<string, string>,
  releases: Record<string, { live?: string }> = {},
): { remotes: Record<string, string> } & Record<string, unknown> {
  return evalModule(
    `import { buildRuntimeConfig } from './scripts/runtime-config.mjs';
     const config = buildRuntimeConfig(${JSON.stringify(hostname)}, process.env, ${JSON.stringify(releases)});
     console.log(JSON.stringify(config));`,
    env,
  );
}

/**
 * scripts/security-headers.mjs `contentSecurityPolicy` of the config.json that `buildRuntimeConfig` writes for
 * `hostname` under exactly `env` (or of `config` when given: the gateway's document).
 */
export function sitePolicyOf(
  hostname: string,
  env: Record<string, string>,
  options: { framedBySelf?: boolean; config?: unknown } = {},
): string {
  return evalModule(
    `import { buildRuntimeConfig } from './scripts/runtime-config.mjs';
     import { contentSecurityPolicy } from './scripts/security-headers.mjs';
     const config = ${JSON.stringify(options.config ?? null)} ?? buildRuntimeConfig(${JSON.stringify(hostname)});
     console.log(JSON.stringify(contentSecurityPolicy(config, { framedBySelf: ${Boolean(options.framedBySelf)} })));`,
    env,
  );
}
