import { stablePortBlock } from '../../api/src/test/stable-ports';

/**
 * Ports for one site that are free right now: `site` and the 7 after it (each remote listens on SITE_PORT + its
 * `portOffset`, remotes.json), `api` and `idp`. Outside Linux's ephemeral range (api/src/test/stable-ports.ts): a
 * block the system handed out lay inside it, and in the seconds before the site listened, an outgoing connection of
 * another test could take one of its ports (CI: `mf-backup: listen EADDRINUSE :::37590`). A block with a busy port is
 * skipped.
 */
export async function freeSitePorts(): Promise<{ site: number; api: number; idp: number }> {
  const base = await stablePortBlock(10);
  return { site: base, api: base + 8, idp: base + 9 };
}
