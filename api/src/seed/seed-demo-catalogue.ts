import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { addDays, seoulDate } from '../common/seoul-date';
import { ADVISORY_LOCKS } from '../database/advisory-locks';
import { storeImage } from '../images/images.service';
import { normalizeTags } from '../links/normalize-tags';
import { DEMO_PLANS, DEMO_PRODUCTS, demoProductLink } from './demo-catalogue';
import { drawCoverImage, drawProductImage } from './product-art';

/** What one seeding run added. */
export interface SeedResult {
  linksAdded: number;
  plansAdded: number;
  coverAdded: boolean;
}

/** What the database holds now. */
export interface CatalogueCounts {
  links: number;
  plans: number;
  images: number;
  cover: boolean;
}

/** Serializes concurrent seeders (two replicas starting at once). */
const SEED_LOCK_ID = ADVISORY_LOCKS.demoSeed;

/**
 * Loads the demo catalogue (docs/decisions/0010-demo-catalogue.md): DEMO_PRODUCTS as links with their own pictures
 * drawn now and stored through storeImage (the upload path), DEMO_PLANS dated around today in Asia/Seoul, and a cover.
 * Idempotent: links are matched by pname, plans by title, and an existing cover is kept; new links are appended after
 * the current last pcode, so pcode stays 0..n-1. Pictures are drawn before the transaction; inside it only the
 * transaction's manager is used.
 */
export async function seedDemoCatalogue(dataSource: DataSource, clock: Clock): Promise<SeedResult> {
  const existing = new Set(
    (await dataSource.query<{ pname: string }[]>(`SELECT pname FROM links`)).map((row) => row.pname),
  );
  const missing = DEMO_PRODUCTS.map((product, index) => ({ product, index })).filter(
    ({ product }) => !existing.has(product.pname),
  );
  const pictures = await Promise.all(
    missing.map(({ product, index }) => drawProductImage(product.motif, product.hue, index + 1)),
  );
  const [coverRow] = await dataSource.query<unknown[]>(`SELECT 1 FROM cover`);
  const coverPicture = coverRow ? undefined : await drawCoverImage();
  const today = seoulDate(clock.now());

  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [SEED_LOCK_ID]);
    const linksAdded = await addLinks(
      manager,
      missing.map(({ product }, i) => ({ product, picture: pictures[i]! })),
    );
    const plansAdded = await addPlans(manager, today);
    const coverAdded = coverPicture ? await addCover(manager, coverPicture) : false;
    return { linksAdded, plansAdded, coverAdded };
  });
}

async function addLinks(
  manager: EntityManager,
  items: { product: (typeof DEMO_PRODUCTS)[number]; picture: Buffer }[],
): Promise<number> {
  let added = 0;
  for (const { product, picture } of items) {
    const [present] = await manager.query(`SELECT 1 FROM links WHERE pname = $1`, [product.pname]);
    if (present) continue;
    const image = await storeImage(manager, picture);
    await manager.query(
      `INSERT INTO links (pname, tags, link, image_key, pcode)
       VALUES ($1, $2, $3, $4, (SELECT coalesce(max(pcode) + 1, 0) FROM links))`,
      [
        product.pname,
        normalizeTags(product.tags),
        product.productNo ? demoProductLink(product.productNo) : null,
        image.key,
      ],
    );
    added++;
  }
  return added;
}

async function addPlans(manager: EntityManager, today: string): Promise<number> {
  let added = 0;
  for (const plan of DEMO_PLANS) {
    const rows = await manager.query(
      `INSERT INTO plans (title, startdate, enddate)
       SELECT $1::varchar, $2::date, $3::date WHERE NOT EXISTS (SELECT 1 FROM plans WHERE title = $1::varchar) RETURNING id`,
      [plan.title, addDays(today, plan.startOffset), addDays(today, plan.endOffset)],
    );
    added += rows.length;
  }
  return added;
}

async function addCover(manager: EntityManager, picture: Buffer): Promise<boolean> {
  const image = await storeImage(manager, picture);
  const rows = await manager.query(
    `INSERT INTO cover (id, image_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [image.key],
  );
  return rows.length > 0;
}

/** Counts of links, plans and images, and whether a cover is set. */
export async function catalogueCounts(manager: DataSource | EntityManager): Promise<CatalogueCounts> {
  const [row] = await manager.query<{ links: number; plans: number; images: number; cover: boolean }[]>(
    `SELECT (SELECT count(*)::int FROM links) AS links, (SELECT count(*)::int FROM plans) AS plans,
            (SELECT count(*)::int FROM images) AS images, EXISTS (SELECT 1 FROM cover) AS cover`,
  );
  return row!;
}

/** True when there are no links, no plans and no cover: the first start (SEED_ON_EMPTY). */
export async function isCatalogueEmpty(dataSource: DataSource): Promise<boolean> {
  const counts = await catalogueCounts(dataSource);
  return counts.links === 0 && counts.plans === 0 && !counts.cover;
}
