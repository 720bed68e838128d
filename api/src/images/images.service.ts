import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { LaneQueue } from '../common/lane-queue';
import { SingleFlight } from '../common/single-flight';
import { messages } from '../common/messages';
import { imageTypeOf } from '../common/shared-rules';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { inConnectionLane } from '../database/embedded-pool';
import { CACHE_OBSERVER, type CacheObserver } from '../public-cache/cache-observer';
import { PublicCache } from '../public-cache/public-cache';
import type { ImageContentType } from './image.entity';
import type { VariantWidth } from './image-variant.entity';

/** Largest accepted image in pixels (decompression-bomb bound, docs/decisions/0004-image-uploads.md). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Images that variant() and derived() make with sharp at a time: one less than the cores, at least one
 * (docs/decisions/0091-responsive-embedded-default.md). sharp works on libuv's threads, each image on several, so a
 * page's cold variants made all at once left the event loop, which also runs the embedded database, little of the CPU:
 * on 2 cores (bench/embedded-mix.mjs, 81 cold variants among 300 requests) one at a time answered the saves sooner (p99
 * 0.65–1.28 s against 1.08–2.52 s) and the variants too (p50 1.3–2.5 s against 2.5–4.9 s).
 */
export const VARIANT_MAKERS = Math.max(1, availableParallelism() - 1);

/** What storeImage recorded. `key` is the SHA-256 hex of the stored (normalized) bytes. */
export interface StoredImage {
  key: string;
  contentType: ImageContentType;
  width: number;
  height: number;
  byteSize: number;
}

/** Bytes to send for `GET /api/images/:key[?w=]`. */
export interface ImageBytes {
  contentType: string;
  bytes: Buffer;
  /** Read from this process's memory (a hot variant), not from the database. */
  fromMemory?: true;
}

/** The internal URL of a stored image, as API responses give it (docs/decisions/0003-api-calls.md). */
export const imageUrl = (key: string): string => `/api/images/${key}`;

/**
 * Decides the type from the bytes (never the name or declared type, docs/decisions/0004-image-uploads.md) by reading
 * the header only, with sharp, and checks that the file signature (`IMAGE_SIGNATURES`, shared with the browser) says
 * the same. sharp reports AVIF as `heif` with compression `av1`; HEIC (hevc) is refused.
 * @returns the type, the size of one frame and the pixel count of all frames together.
 * @throws ApiError 415 for SVG, HEIC, TIFF…, and for bytes that are not an image at all.
 */
async function detectType(
  bytes: Buffer,
): Promise<{ contentType: ImageContentType; width: number; height: number; pixels: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, messages.imageUnreadable);
  }
  const byFormat: Partial<Record<string, ImageContentType>> = {
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
  };
  const contentType = meta.format === 'heif' && meta.compression === 'av1' ? 'image/avif' : byFormat[meta.format ?? ''];
  if (!contentType) {
    throw new ApiError(
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      messages.imageTypeRefused(String(meta.format ?? '?').toUpperCase()),
    );
  }
  // The signature list the browser checks too (common/shared-rules.ts) must agree, so a file the dropzone would
  // refuse is never accepted here, and the other way round.
  if (imageTypeOf(bytes) !== contentType) {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, messages.imageUnreadable);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  // An animation is decoded as one tall image of every frame, so its frames count too.
  return { contentType, width, height, pixels: width * height * Math.max(1, meta.pages ?? 1) };
}

/** Re-encodes in the same format with EXIF orientation applied and all metadata stripped (sharp's default). */
async function normalize(bytes: Buffer, contentType: ImageContentType): Promise<Buffer> {
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();
  switch (contentType) {
    case 'image/jpeg':
      // Not mozjpeg: on a 12 MP photo it takes ~2.5 s against ~0.2 s for ~17 % fewer bytes (bench/api-images.mjs), and
      // originals are rarely served (pages use the WebP variants).
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'image/png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    case 'image/avif':
      return image.avif({ quality: 60 }).toBuffer();
  }
}

/** An image checked and normalized, ready for insertImage: its record and the bytes to store. */
export interface PreparedImage extends StoredImage {
  bytes: Buffer;
}

/**
 * The CPU half of the pipeline (docs/decisions/0004-image-uploads.md), kept out of transactions: accepts JPEG, PNG,
 * WebP, GIF and AVIF by their bytes, at most MAX_INPUT_PIXELS (all frames together; checked on the header before
 * anything is decoded, and again by sharp's `limitInputPixels` while decoding), applies EXIF orientation, strips
 * metadata, keeps the format; the key is the SHA-256 of the normalized bytes.
 * @param bytes the upload, already bounded by UPLOAD_MAX_BYTES.
 * @throws ApiError 415 (not an accepted image, or a damaged one such as a truncated JPEG) or
 *   422 (too many pixels: a decompression bomb is refused before it is decoded).
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const detected = await detectType(bytes);
  if (detected.pixels > MAX_INPUT_PIXELS) {
    throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, messages.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  }
  let normalized: Buffer;
  try {
    normalized = await normalize(bytes, detected.contentType);
  } catch {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, messages.imageUnreadable);
  }
  const meta = await sharp(normalized, { limitInputPixels: false }).metadata();
  return {
    key: createHash('sha256').update(normalized).digest('hex'),
    contentType: detected.contentType,
    width: meta.width ?? detected.width,
    height: meta.pageHeight ?? meta.height ?? detected.height,
    byteSize: normalized.length,
    bytes: normalized,
  };
}

/**
 * Inserts a prepared image; identical images are stored once (INSERT … ON CONFLICT DO NOTHING,
 * docs/decisions/0002-entities.md).
 * @param manager the caller's transaction manager, so the image and the row that references it commit together.
 */
export async function insertImage(manager: EntityManager, image: PreparedImage): Promise<StoredImage> {
  await manager.query(
    `INSERT INTO images (key, content_type, width, height, byte_size, bytes)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
    [image.key, image.contentType, image.width, image.height, image.byteSize, image.bytes],
  );
  const { bytes: _bytes, ...stored } = image;
  return stored;
}

/**
 * prepareImage then insertImage (the demo seeder's path; uploads prepare outside their transaction).
 * @throws ApiError 415 / 422 as prepareImage; nothing is stored then.
 */
export async function storeImage(manager: EntityManager, bytes: Buffer): Promise<StoredImage> {
  return insertImage(manager, await prepareImage(bytes));
}

/**
 * Deletes images that no link, no cover and no popup information references any more (docs/decisions/0002-entities.md);
 * their variants go by cascade.
 * @param keys only these candidates (the image a write just replaced or released); omitted: every image.
 * @returns the number of images removed.
 */
export async function removeUnreferencedImages(manager: EntityManager, keys?: readonly string[]): Promise<number> {
  if (keys && keys.length === 0) return 0;
  const [row] = await manager.query<{ count: number }[]>(
    `WITH removed AS (
       DELETE FROM images i
        WHERE ($1::char(64)[] IS NULL OR i.key = ANY($1::char(64)[]))
          AND NOT EXISTS (SELECT 1 FROM links l WHERE l.image_key = i.key)
          AND NOT EXISTS (SELECT 1 FROM cover c WHERE c.image_key = i.key)
          AND NOT EXISTS (SELECT 1 FROM popup_info p WHERE p.image_key = i.key)
       RETURNING key)
     SELECT count(*)::int AS count FROM removed`,
    [keys ?? null],
  );
  return row?.count ?? 0;
}

/**
 * Reads stored images and their cached WebP variants. Hot variants are also kept in this process's memory
 * (docs/decisions/0035-public-read-caching.md): a least-recently-used cache of at most IMAGE_CACHE_MAX_BYTES bytes (0 =
 * none), so a hit reads no database. Keys name their bytes, so nothing kept goes stale; the memory is emptied on every
 * write all the same (PublicCache's invalidation), so an image deleted with the last link using it stops being served
 * here too. Concurrent requests for one variant not in memory share one lookup, one sharp run and one stored row
 * (docs/decisions/0091-responsive-embedded-default.md); sharp runs while no database connection is held, at most
 * VARIANT_MAKERS images at a time; image bytes are read and stored in the `image` connection lane
 * (database/embedded-pool.ts), so on the embedded database a page's data and a save never wait behind a burst of them.
 */
@Injectable()
export class ImagesService {
  private readonly hot: LRUCache<string, Buffer> | null;
  private readonly making = new SingleFlight<Buffer | null>();
  private readonly makers = new LaneQueue(VARIANT_MAKERS, ['sharp']);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CACHE_OBSERVER) private readonly observer: CacheObserver,
    cache: PublicCache,
  ) {
    this.hot =
      config.imageCacheMaxBytes > 0
        ? new LRUCache({ maxSize: config.imageCacheMaxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.length) })
        : null;
    cache.onInvalidate(() => {
      this.hot?.clear();
      this.making.forget();
    });
  }

  /** The stored original, or null when the key is unknown. */
  async original(key: string): Promise<ImageBytes | null> {
    const [row] = await inConnectionLane('image', () =>
      this.dataSource.query<{ content_type: string; bytes: Buffer }[]>(
        `SELECT content_type, bytes FROM images WHERE key = $1`,
        [key],
      ),
    );
    return row ? { contentType: row.content_type, bytes: row.bytes } : null;
  }

  /**
   * A WebP of the image at `width` pixels wide (never enlarged: a narrower original keeps its width).
   * Made with sharp on first request and cached in image_variants, then kept in memory while it is hot (see the
   * class); requests arriving while it is being read or made wait for that one run. Null when the key is unknown.
   */
  async variant(key: string, width: VariantWidth): Promise<ImageBytes | null> {
    const hotKey = `${key}-${width}`;
    const hot = this.hot?.get(hotKey);
    if (hot) {
      this.observer.hit('image-variants');
      return { contentType: 'image/webp', bytes: hot, fromMemory: true };
    }
    this.observer.miss('image-variants');
    const bytes = await this.making.run(hotKey, async () => {
      const made = await inConnectionLane('image', () => this.storedVariant(key, width));
      if (made) this.hot?.set(hotKey, made);
      return made;
    });
    return bytes ? { contentType: 'image/webp', bytes } : null;
  }

  /**
   * An image made from a stored one by `make` (docs/decisions/0033-head-and-link-preview.md: the 1200×630 link-preview
   * JPEG of the cover), kept in the same memory as the hot variants under `<key>-<name>` and counted as an
   * `image-variants` hit or miss. Not stored in the database (image_variants holds the WebP widths only): a process
   * makes it again after a write empties the memory. Null when the key is unknown.
   * @param name what distinguishes it from the other images made from `key` (`og`)
   * @param make turns the stored original's bytes into the image's bytes
   */
  async derived(key: string, name: string, make: (original: Buffer) => Promise<Buffer>): Promise<Buffer | null> {
    const hotKey = `${key}-${name}`;
    const hot = this.hot?.get(hotKey);
    if (hot) {
      this.observer.hit('image-variants');
      return hot;
    }
    this.observer.miss('image-variants');
    const original = await this.original(key);
    if (!original) return null;
    const bytes = await this.makers.run('sharp', () => make(original.bytes));
    this.hot?.set(hotKey, bytes);
    return bytes;
  }

  /**
   * The variant from image_variants, made and stored there first when missing; null when the key is unknown. One query
   * reads the variant or, when there is none yet, the original; sharp runs after it, outside any transaction and with
   * no connection held, and the variant is stored in one short INSERT
   * (docs/decisions/0091-responsive-embedded-default.md). Two processes making the same variant store it once (ON
   * CONFLICT DO NOTHING; the bytes are the same).
   */
  private async storedVariant(key: string, width: VariantWidth): Promise<Buffer | null> {
    const [row] = await this.dataSource.query<{ variant: Buffer | null; original: Buffer | null }[]>(
      `SELECT v.bytes AS variant, CASE WHEN v.bytes IS NULL THEN i.bytes END AS original
         FROM images i LEFT JOIN image_variants v ON v.image_key = i.key AND v.width = $2
        WHERE i.key = $1`,
      [key, width],
    );
    if (!row) return null;
    if (row.variant) return row.variant;
    const bytes = await this.makers.run('sharp', () =>
      sharp(row.original!, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    );
    await this.dataSource.query(
      `INSERT INTO image_variants (image_key, width, bytes, byte_size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (image_key, width) DO NOTHING`,
      [key, width, bytes, bytes.length],
    );
    return bytes;
  }
}
