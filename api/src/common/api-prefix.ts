/** Every path is under /api (DECISIONS D3). */
export const API_PREFIX = 'api';
