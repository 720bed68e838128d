import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { raw } from 'express';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';

/** Path of the ingest, under the global prefix. */
export const INGEST_PATH = '/api/analytics/events';

/**
 * Largest ingest body in bytes. A batch of 20 events with long paths fits; `navigator.sendBeacon` queues at most
 * 64 KiB per page, so a small limit also keeps a flood cheap to refuse.
 */
export const INGEST_MAX_BYTES = 2048;

/** Content types the ingest reads: `text/plain` is what `navigator.sendBeacon(url, string)` sends. */
const ACCEPTED_TYPES = new Set(['text/plain', 'application/json']);

/** C0 controls (NUL included) and DEL: never in a path, keyword or referrer, and PostgreSQL text cannot hold NUL. */
const hasControl = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};
/** A UTF-16 surrogate without its partner (`"\ud800"` in JSON): not a character, refused rather than stored. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** True when every string (keys included) anywhere in `value` is free of controls and lone surrogates. */
function cleanStrings(value: unknown): boolean {
  if (typeof value === 'string') return !hasControl(value) && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(cleanStrings);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([key, inner]) => cleanStrings(key) && cleanStrings(inner));
  return true;
}

/** A request the body reader reads: a plain Node request (or Express's); `body` is set once read. */
type BodyRequest = IncomingMessage & { body?: unknown };

/** The media type of a request without parameters, lower case (`text/plain;charset=UTF-8` → `text/plain`). */
function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The `charset` parameter of the content type, lower case, or undefined. */
function charset(req: IncomingMessage): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
}

const readRaw = raw({ type: () => true, limit: INGEST_MAX_BYTES, inflate: false });

/**
 * The body reader of `POST /api/analytics/events`, in the ingest's own route (ingest-endpoint.ts) ahead of the global
 * JSON parser (whose 100 KB limit and single content type do not fit a beacon). Reads at most {@link INGEST_MAX_BYTES}
 * bytes (413 beyond, read no further), accepts `text/plain` and `application/json` in strict UTF-8 (415 for another
 * type or charset), parses JSON (400 when malformed or not an object) and refuses control characters and lone surrogates in any
 * string (400), all with Korean messages; then `req.body` is the parsed value, whose shape the ingest checks with the
 * global pipes and the DTO (analytics-ingest.service.ts `accept`). Nothing is stored before all of it passed.
 */
export function ingestBodyParser(): (req: BodyRequest, res: ServerResponse, next: (error?: unknown) => void) => void {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    if (!ACCEPTED_TYPES.has(mediaType(req)) || (charset(req) ?? 'utf-8') !== 'utf-8')
      return next(new ApiError(415, messages.analyticsContentType));
    // body-parser reads any Node request; its types name Express's.
    readRaw(req as Request, res as Response, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status;
        if (status === 413) return next(new ApiError(413, messages.analyticsBodyTooLarge(INGEST_MAX_BYTES)));
        return next(new ApiError(400, messages.analyticsMalformed));
      }
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return next(new ApiError(400, messages.analyticsMalformed));
      let parsed: unknown;
      try {
        parsed = JSON.parse(strictUtf8.decode(bytes));
      } catch (decodeOrParse) {
        return next(
          new ApiError(
            400,
            decodeOrParse instanceof SyntaxError ? messages.analyticsMalformed : messages.analyticsBadCharacters,
          ),
        );
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return next(new ApiError(400, messages.analyticsEventsInvalid));
      if (!cleanStrings(parsed)) return next(new ApiError(400, messages.analyticsBadCharacters));
      req.body = parsed;
      next();
    });
  };
}
