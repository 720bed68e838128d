import { createHash } from 'node:crypto';
import { isbot } from 'isbot';

export type DeviceClass = 'mobile' | 'desktop';

/** User agents already judged, so the `isbot` pattern runs once per browser version, not once per hit. */
const judged = new Map<string, boolean>();
/** Distinct user agents kept in {@link judged}; past it the map starts over (a flood of made-up ones costs no memory). */
const JUDGED_MAX = 1000;

/**
 * A hit no person made: no user agent (scripts, probes) or one the `isbot` list recognises (crawlers, link
 * previewers, monitoring, headless browsers that say so). Such hits are answered 204 and not stored.
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = judged.get(userAgent);
  if (bot === undefined) {
    if (judged.size >= JUDGED_MAX) judged.clear();
    bot = isbot(userAgent);
    judged.set(userAgent, bot);
  }
  return bot;
}

/**
 * Mobile or desktop from the user agent, the usual way (MDN "Browser detection using the user agent": `Mobi`
 * anywhere), plus Android, iPhone and iPad that some browsers write without it. Tablets count as mobile; iPadOS's
 * default desktop user agent counts as desktop, as it asks to be treated.
 */
export function deviceClass(userAgent: string): DeviceClass {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}

/** A host name as grouped in the report: lower case, without a leading `www.`. */
function groupedHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * The host of the referrer (never the full URL: its path and query may carry personal data), or null when there is
 * none, it does not parse, or it is the site itself (`ownHosts`: an internal navigation is no referral).
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = groupedHost(new URL(referrer).hostname);
  } catch {
    return null;
  }
  if (!host || ownHosts.some((own) => groupedHost(own) === host)) return null;
  return host.slice(0, 253);
}

/**
 * The visitor of a hit for one day, counted without a cookie and without storing the address (the way Plausible and
 * Umami count): the first 8 bytes of SHA-256(daily salt ‖ client address ‖ user agent), as a signed 64-bit integer
 * in decimal (PostgreSQL `bigint`). The salt is random per Asia/Seoul day and deleted when the day is over, so a
 * stored number cannot be traced back to an address, nor linked to the same visitor on another day.
 */
export function visitorHash(salt: Buffer, address: string, userAgent: string): string {
  const digest = createHash('sha256').update(salt).update('\n').update(address).update('\n').update(userAgent).digest();
  return digest.readBigInt64BE(0).toString();
}
