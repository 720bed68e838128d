/**
 * Where each part of the composed site lives and listens on one machine.
 *
 * Ports: the shell on SITE_PORT (default 8080), each remote on the following ports in the order
 * below, the API on API_PORT (default 3000). Remote names are the Module Federation names
 * (snake_case); `dir` is the workspace folder whose `dist/` is served.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Frontend apps in build order: the remotes first, the shell (host) last. */
export const remotes = [
  { name: 'mf_store', dir: 'mf-store' },
  { name: 'mf_plans', dir: 'mf-plans' },
];

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ sitePort: number, apiPort: number, apps: { name: string, dir: string, port: number }[] }}
 */
export function siteLayout(env = process.env) {
  const sitePort = toPort(env.SITE_PORT, 8080, 'SITE_PORT');
  const apiPort = toPort(env.API_PORT, 3000, 'API_PORT');
  const apps = [
    { name: 'shell', dir: 'shell', port: sitePort },
    ...remotes.map((remote, index) => ({ ...remote, port: sitePort + index + 1 })),
  ];
  return { sitePort, apiPort, apps };
}

function toPort(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`설정 오류: ${name} 는 1–65535 사이의 정수여야 합니다 (받은 값: ${value}).`);
  }
  return port;
}
