import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `::ffff:127.0.0.1` → `127.0.0.1`; other addresses unchanged. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address as the login limits count it (docs/decisions/0045-identity-hardening.md): the socket's peer,
 * unless that peer is one of `trustedProxies`; then `X-Forwarded-For` is read from its right end, skipping trusted
 * proxies, and the first other valid address is the client. With no trusted proxies (the default) the header is
 * ignored, so a client cannot pick a fresh address for every guess.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? '');
  if (!trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return peer;
    if (!trustedProxies.has(hop)) return hop;
  }
  return peer;
}
