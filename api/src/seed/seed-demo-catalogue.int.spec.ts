import request from 'supertest';
import type { App } from 'supertest/types';
import { createTestApp, TestApp } from '../test/test-app';
import { DEMO_PLANS, DEMO_PRODUCTS } from './demo-catalogue';
import { catalogueCounts, seedDemoCatalogue } from './seed-demo-catalogue';

jest.setTimeout(120_000);

/** 12:00 on 2026-11-20 in Seoul. */
const NOW = new Date('2026-11-20T03:00:00Z');

/**
 * The public reads on an empty database, then seedDemoCatalogue on it, run twice
 * (docs/decisions/0010-demo-catalogue.md).
 */
describe('seeding the demo catalogue (integration)', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer() as App).get(path);

  beforeAll(async () => {
    t = await createTestApp(NOW);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('before seeding', () => {
    it('GET /api/cover → { product: null }', async () => {
      const res = await get('/api/cover').expect(200);
      expect(res.body).toEqual({ product: null });
    });

    it('empty lists', async () => {
      expect((await get('/api/store').expect(200)).body).toEqual({ product: [] });
      expect((await get('/api/tag/list').expect(200)).body).toEqual({ product: [] });
      expect((await get('/api/plan/list').expect(200)).body).toEqual({ product: [] });
    });
  });

  describe('seeding', () => {
    it('loads the demo catalogue, and a second run adds nothing', async () => {
      const first = await seedDemoCatalogue(t.dataSource, t.clock);
      expect(first).toEqual({ linksAdded: DEMO_PRODUCTS.length, plansAdded: DEMO_PLANS.length, coverAdded: true });
      const counts = await catalogueCounts(t.dataSource);
      expect(counts.links).toBeGreaterThanOrEqual(24);
      expect(counts.plans).toBeGreaterThanOrEqual(6);
      expect(counts.images).toBe(DEMO_PRODUCTS.length + 1); // every product has its own picture, plus the cover
      const second = await seedDemoCatalogue(t.dataSource, t.clock);
      expect(second).toEqual({ linksAdded: 0, plansAdded: 0, coverAdded: false });
      expect(await catalogueCounts(t.dataSource)).toEqual(counts);
    });
  });
});
