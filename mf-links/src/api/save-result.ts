import type { Link } from '@linksite/contract';

/**
 * The answer to a versioned link write (docs/decisions/0048-no-silent-overwrite.md): saved, with the server's message
 * and the stored link; or refused as stale (409), with the server's message and the link as another administrator left
 * it.
 */
export type SaveResult =
  { conflict: false; message: string; product: Link } | { conflict: true; message: string; product: Link };

/** Accepts 2xx and the 409 of a stale version as answers; anything else rejects as ApiError. */
export const acceptConflict = (status: number) => (status >= 200 && status < 300) || status === 409;
