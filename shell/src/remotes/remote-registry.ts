import type { ComponentType } from 'react';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { trackRemoteError, type RuntimeConfig } from '@linksite/platform';
import type { ServedRelease } from '../first-screen/first-screen-slot';

/**
 * A hung remote must fail in seconds, not hang the page (ARCHITECTURE "Runtime composition";
 * docs/decisions/0015-production-deployment.md: its error shows within 10 s of opening the page, which also spends time
 * on the page, /config.json and the shell's code).
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 8_000;

/** Bounds the time a remote entry script may take to load (the runtime's default is 20 s). */
export function remoteEntryTimeoutPlugin(timeout = REMOTE_ENTRY_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'linksite-remote-entry-timeout',
    createScript: () => ({ timeout }),
  };
}

/** Each remote's entry of `/config.json`: its live release, the fallback of a served release that cannot load. */
let liveEntries: Record<string, string> = {};
/** The entry each remote is registered at now. */
const registered: Record<string, string> = {};

/**
 * Reports that `remote` failed in this browser (its code did not load, or it threw while rendering) with the release
 * it is registered at, through the site's beacon (`remote_error`: the API counts it per remote and version on its
 * /metrics, so a canary's candidate can be compared with the live release; docs/decisions/0061-canary.md). The version
 * is the one in the entry's `releases/<version>/` folder, `-` (unknown) for an entry at the remote's root.
 */
export function reportRemoteError(remote: string): void {
  trackRemoteError(
    remote,
    /\/releases\/([0-9a-f]{6,64})\/remoteEntry\.js$/.exec(registered[remote] ?? '')?.[1] ?? null,
  );
}

/**
 * The remoteEntry.js of `release` of the remote whose live entry is `liveEntry`: the release's folder under the
 * remote's address (`http://host:8081/remoteEntry.js`, or a pinned `http://host:8081/releases/0123456789ab/remoteEntry.js`,
 * + `releases/3f2a9c0d1e4b/` → `http://host:8081/releases/3f2a9c0d1e4b/remoteEntry.js`; a relative entry is taken on
 * the page's origin).
 */
export function releaseEntry(liveEntry: string, release: ServedRelease): string {
  const remoteAddress = new URL(liveEntry, window.location.href).href.replace(/(releases\/[0-9a-f]+\/)?[^/]*$/, '');
  return `${remoteAddress}${release.path}remoteEntry.js`;
}

/**
 * Registers every remote of `/config.json` with the federation runtime (docs/decisions/0008-runtime-configuration.md:
 * nothing is baked in at build time). The list is data: a new remote (mf_links, mf_popups, ...) is one more config
 * entry. A remote whose slot the served page rendered is registered at that release (`served`,
 * docs/decisions/0060-page-matches-code.md), so it hydrates with the same code that rendered it; the others at their
 * live release.
 */
export function registerRemotesFromConfig(config: RuntimeConfig, served: Record<string, ServedRelease> = {}): void {
  registerPlugins([remoteEntryTimeoutPlugin()]);
  liveEntries = config.remotes;
  for (const [name, entry] of Object.entries(config.remotes)) {
    registered[name] = served[name] ? releaseEntry(entry, served[name]) : entry;
  }
  registerRemotes(Object.entries(registered).map(([name, entry]) => ({ name, entry })));
}

/**
 * Registers `remote` at its live release again, for a served release that could not be loaded (removed since).
 * @returns whether the live entry differs from what was registered (false: nothing else to try)
 */
export function registerLiveRelease(remote: string, served: ServedRelease | undefined): boolean {
  const entry = liveEntries[remote];
  if (!entry || !served || releaseEntry(entry, served) === new URL(entry, window.location.href).href) return false;
  reportRemoteError(remote);
  registered[remote] = entry;
  registerRemotes([{ name: remote, entry }], { force: true });
  return true;
}

/** Loads a component a remote exposes: `mf_store` + `StorePage` → named export `StorePage` of `mf_store/StorePage`. */
export type RemoteLoader = (remote: string, module: string) => Promise<ComponentType>;

/** The remote is up but does not expose the module (yet): a later release of that remote adds it. */
export class RemoteModuleMissingError extends Error {
  override readonly name = 'RemoteModuleMissingError';
}

export const loadRemoteComponent: RemoteLoader = async (remote, module) => {
  let exports: Record<string, unknown> | null;
  try {
    exports = await loadRemote<Record<string, unknown>>(`${remote}/${module}`);
  } catch (error) {
    // The container's own wording (webpack and @module-federation/enhanced ContainerEntryModule).
    if (error instanceof Error && /does not exist in container/.test(error.message)) {
      throw new RemoteModuleMissingError(`${remote}/${module}: not exposed`);
    }
    throw error;
  }
  const component = exports?.[module] ?? exports?.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${remote}/${module}: no component exported`);
  }
  return component as ComponentType;
};
