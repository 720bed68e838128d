/** Every path is under /api (docs/decisions/0003-api-calls.md). */
export const API_PREFIX = 'api';
