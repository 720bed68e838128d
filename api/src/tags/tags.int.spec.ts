import request from 'supertest';
import type { App } from 'supertest/types';
import { createSeededTestApp, TestApp } from '../test/test-app';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/** The tag cloud on the seeded demo catalogue. */
describe('GET /api/tag/list (integration)', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createSeededTestApp(NOW);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts links per tag, ordered by count desc then text, with uneven weights', async () => {
    const { body: store } = await get('/api/store');
    const expected = new Map<string, number>();
    for (const link of store.product) for (const tag of link.tags) expected.set(tag, (expected.get(tag) ?? 0) + 1);
    const { body } = await get('/api/tag/list').expect(200);
    const words = body.product as Array<{ text: string; value: number }>;
    expect(words).toHaveLength(expected.size);
    for (const word of words) expect(word.value).toBe(expected.get(word.text));
    const sorted = [...words].sort((a, b) => b.value - a.value || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
    expect(words).toEqual(sorted);
    expect(words[0]!.value).toBeGreaterThan(words[words.length - 1]!.value);
  });
});
