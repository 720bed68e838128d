import { messages } from './messages.js';

/** Largest request body our forms and the administration API read (bytes). */
export const MAX_BODY_BYTES = 8 * 1024;

/** A client error answered with its status and (Korean) message, never a 500 (security-headers.ts, admin-api.ts). */
export function clientError(status: number, message: string): Error {
  return Object.assign(new Error(message), { status, expose: true });
}

/**
 * Reads a request body of at most {@link MAX_BODY_BYTES} as UTF-8.
 * @throws a 413 client error (`messages.formTooLarge`) when it is longer.
 */
export async function readBody(req: NodeJS.ReadableStream): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw clientError(413, messages.formTooLarge);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads an `application/x-www-form-urlencoded` form (our pages' POSTs). @throws 413 as {@link readBody}. */
export async function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}
