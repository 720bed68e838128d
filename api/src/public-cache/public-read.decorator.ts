import { SetMetadata } from '@nestjs/common';

/** Metadata key of {@link PublicRead}, read by PublicReadInterceptor. */
export const PUBLIC_READ = 'linksite:public-read';

/** What a public read's answer depends on besides its path (see {@link publicReadKey}, public-read.interceptor.ts). */
export interface PublicReadOptions {
  /**
   * The query parameters the handler reads (`['upcoming']`), in the order the key lists them. A request carrying any
   * other parameter is neither answered from the cache nor kept: the handler and the global pipes answer it as they
   * would (a refused junk parameter stays refused), and junk cannot fill the cache. A parameter the handler reads but
   * the list forgets only costs cache hits, never a wrong answer.
   */
  query?: readonly string[];
}

/**
 * Marks a GET handler as a cached public read (api/README.md "Public-read cache"). The handler returns a
 * `PublicReadAnswer` (public-cache.ts: `{ body, validUntil, contentType?, revalidateEachUse? }`) instead of sending
 * anything; PublicReadInterceptor keeps it serialized in the PublicCache under the request's path and declared query,
 * answers the next requests for that key from memory until a write or `validUntil`, and sends every answer with its
 * `ETag` (304 on a matching `If-None-Match`) and `Cache-Control`.
 */
export const PublicRead = (options: PublicReadOptions = {}): MethodDecorator => SetMetadata(PUBLIC_READ, options);
