import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The header a request id travels in, both ways (docs/decisions/0047-logs-metrics-audit.md). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming id may look like: 1–128 letters, digits and `._:-` (no spaces or line breaks in a log line). */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Express keeps its compiled `trust proxy` setting (TRUST_PROXY) under this name. */
type TrustFunction = (address: string, hop: number) => boolean;

interface ExpressLikeRequest extends IncomingMessage {
  app?: { get(name: string): unknown };
}

/**
 * The id of one request, set as `X-Request-Id` on the response and logged with every line of the request
 * (docs/decisions/0047-logs-metrics-audit.md). An incoming `X-Request-Id` is kept only when the direct peer is a
 * trusted proxy (TRUST_PROXY, the same rule as `X-Forwarded-For`; default loopback) and the value matches
 * `[A-Za-z0-9._:-]{1,128}`, so the gateway's id links its access log to ours and nobody else can write into our logs.
 * Otherwise a random UUID.
 */
export function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const trust = (request as ExpressLikeRequest).app?.get('trust proxy fn') as TrustFunction | undefined;
  const peer = request.socket.remoteAddress;
  const id =
    typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) && peer && trust?.(peer, 0)
      ? incoming
      : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
