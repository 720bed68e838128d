import type { Request } from 'express';
import type { KeptAnswer } from './public-cache';
import { gatewayExpiry, publicReadKey } from './public-read.interceptor';

const request = (originalUrl: string, origin = { protocol: 'http', host: 'links.example' }) =>
  ({ originalUrl, ...origin }) as unknown as Request;

describe('publicReadKey', () => {
  it('is the path as sent when there is no query', () => {
    expect(publicReadKey(request('/api/store'), {})).toBe('/api/store');
    expect(publicReadKey(request('/api/main/select/7?'), {})).toBe('/api/main/select/7');
  });

  it('keeps the declared parameters as sent, in the declared order, a repeated one in its own order', () => {
    const page = { query: ['limit', 'after', 'tag'] };
    expect(publicReadKey(request('/api/store/page?tag=a&limit=2'), page)).toBe('/api/store/page?limit=2&tag=a');
    expect(publicReadKey(request('/api/store/page?limit=2&tag=a'), page)).toBe('/api/store/page?limit=2&tag=a');
    expect(publicReadKey(request('/api/store/page?tag=b&limit=2&tag=a&&'), page)).toBe(
      '/api/store/page?limit=2&tag=b&tag=a',
    );
    // Values are not decoded: two spellings are two keys, and an undecodable one never meets a decodable one.
    expect(publicReadKey(request('/api/store/page?tag=%ED%A0%80'), page)).toBe('/api/store/page?tag=%ED%A0%80');
    expect(publicReadKey(request('/api/store/page?tag=%EF%BF%BD'), page)).toBe('/api/store/page?tag=%EF%BF%BD');
  });

  it('recognizes a parameter name as Express decodes it (percent-encoding, + for a space)', () => {
    expect(publicReadKey(request('/api/plan/list?%75pcoming=1'), { query: ['upcoming'] })).toBe(
      '/api/plan/list?%75pcoming=1',
    );
    expect(publicReadKey(request('/api/x?a+b=1'), { query: ['a b'] })).toBe('/api/x?a+b=1');
  });

  it('is null (no cache) when the query holds a parameter the route does not declare', () => {
    expect(publicReadKey(request('/api/store?x=1'), {})).toBeNull();
    expect(publicReadKey(request('/api/plan/list?upcoming=1&x'), { query: ['upcoming'] })).toBeNull();
    expect(publicReadKey(request('/api/plan/list?=1'), { query: ['upcoming'] })).toBeNull();
  });

  it('is the same for every scheme and host the request names (docs/decisions/0095-no-host-derived-urls.md)', () => {
    expect(publicReadKey(request('/api/site/head'), {})).toBe('/api/site/head');
    expect(publicReadKey(request('/api/site/head', { protocol: 'https', host: 'evil.example' }), {})).toBe(
      '/api/site/head',
    );
  });
});

describe('gatewayExpiry', () => {
  const now = new Date('2026-11-20T03:00:00Z');
  const kept = (validUntil: number | null, revalidateEachUse = false): KeptAnswer => ({
    text: '{}',
    contentType: 'application/json; charset=utf-8',
    etag: 'W/"2-x"',
    revalidateEachUse,
    readAt: now.getTime(),
    validUntil,
  });
  const wall = Date.UTC(2026, 10, 27, 4, 0, 0, 250);

  it('keeps the answer at the gateway to the end of the current wall-clock second', () => {
    expect(gatewayExpiry(kept(null), now, wall)).toBe(`@${Math.floor(wall / 1000)}`);
    // The answer holds exactly until the second ends (750 ms on the API's clock): kept that long.
    expect(gatewayExpiry(kept(now.getTime() + 750), now, wall)).toBe(`@${Math.floor(wall / 1000)}`);
  });

  it('says not to keep an answer that stops holding before the second ends', () => {
    expect(gatewayExpiry(kept(now.getTime() + 749), now, wall)).toBe('0');
  });

  it('says nothing for an answer sent no-cache', () => {
    expect(gatewayExpiry(kept(null, true), now, wall)).toBeNull();
  });
});
