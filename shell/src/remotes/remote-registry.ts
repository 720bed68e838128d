import type { ComponentType } from 'react';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@linksite/platform';

/**
 * A hung remote must fail in seconds, not hang the page (ARCHITECTURE "Runtime composition"; issue 6: its error
 * shows within 10 s of opening the page, which also spends time on the page, /config.json and the shell's code).
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 8_000;

/** Bounds the time a remote entry script may take to load (the runtime's default is 20 s). */
export function remoteEntryTimeoutPlugin(timeout = REMOTE_ENTRY_TIMEOUT_MS): ModuleFederationRuntimePlugin {
  return {
    name: 'linksite-remote-entry-timeout',
    createScript: () => ({ timeout }),
  };
}

/**
 * Registers every remote of `/config.json` with the federation runtime (DECISIONS D8: nothing is baked in at
 * build time). The list is data: a new remote (mf_links, mf_popups, ...) is one more config entry.
 */
export function registerRemotesFromConfig(config: RuntimeConfig): void {
  registerPlugins([remoteEntryTimeoutPlugin()]);
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
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
