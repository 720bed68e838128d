/** Image uploads (up to 10 MB) get longer than the client's 15 s default, so a slow connection still finishes. */
export const UPLOAD_TIMEOUT_MS = 120_000;
