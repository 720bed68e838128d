import { createHash } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import type { ImageContentType } from './image.entity';
import type { VariantWidth } from './image-variant.entity';

/** Largest accepted image in pixels (decompression-bomb bound, DECISIONS D4). */
export const MAX_INPUT_PIXELS = 40_000_000;

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
}

/** The internal URL of a stored image, as API responses give it (DECISIONS D3). */
export const imageUrl = (key: string): string => `/api/images/${key}`;

/**
 * Decides the type from the bytes (never the name or declared type, DECISIONS D4).
 * sharp reports AVIF as `heif` with compression `av1`; HEIC (hevc) is refused.
 * @throws ApiError 415 for SVG, HEIC, TIFF…, and for bytes that are not an image at all.
 */
async function detectType(bytes: Buffer): Promise<{ contentType: ImageContentType; width: number; height: number }> {
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
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, messages.imageTypeRefused(String(meta.format ?? '?').toUpperCase()));
  }
  return { contentType, width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 };
}

/** Re-encodes in the same format with EXIF orientation applied and all metadata stripped (sharp's default). */
async function normalize(bytes: Buffer, contentType: ImageContentType): Promise<Buffer> {
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();
  switch (contentType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
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

/**
 * Stores an image (uploads, issue 4, and the demo seeder use this one path).
 * Accepts JPEG, PNG, WebP, GIF and AVIF by their bytes, at most MAX_INPUT_PIXELS; applies EXIF
 * orientation, strips metadata, keeps the format; the key is the SHA-256 of the normalized bytes, so
 * identical images are stored once (INSERT … ON CONFLICT DO NOTHING). DECISIONS D2, D4.
 * @param manager the caller's transaction manager (on the embedded server never use another connection).
 * @throws ApiError 415 (not an accepted image) or 422 (too many pixels); nothing is stored then.
 */
export async function storeImage(manager: EntityManager, bytes: Buffer): Promise<StoredImage> {
  const detected = await detectType(bytes);
  if (detected.width * detected.height > MAX_INPUT_PIXELS) {
    throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, messages.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  }
  let normalized: Buffer;
  try {
    normalized = await normalize(bytes, detected.contentType);
  } catch {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, messages.imageUnreadable);
  }
  const meta = await sharp(normalized, { limitInputPixels: false }).metadata();
  const stored: StoredImage = {
    key: createHash('sha256').update(normalized).digest('hex'),
    contentType: detected.contentType,
    width: meta.width ?? detected.width,
    height: meta.pageHeight ?? meta.height ?? detected.height,
    byteSize: normalized.length,
  };
  await manager.query(
    `INSERT INTO images (key, content_type, width, height, byte_size, bytes)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING`,
    [stored.key, stored.contentType, stored.width, stored.height, stored.byteSize, normalized],
  );
  return stored;
}

/**
 * Deletes images that no link and no cover references any more (DECISIONS D2); their variants go by cascade.
 * @returns the number of images removed.
 */
export async function removeUnreferencedImages(manager: EntityManager): Promise<number> {
  const [row] = await manager.query<{ count: number }[]>(
    `WITH removed AS (
       DELETE FROM images i
        WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.image_key = i.key)
          AND NOT EXISTS (SELECT 1 FROM cover c WHERE c.image_key = i.key)
       RETURNING key)
     SELECT count(*)::int AS count FROM removed`,
  );
  return row?.count ?? 0;
}

/** Reads stored images and their cached WebP variants. */
@Injectable()
export class ImagesService {
  constructor(private readonly dataSource: DataSource) {}

  /** The stored original, or null when the key is unknown. */
  async original(key: string): Promise<ImageBytes | null> {
    const [row] = await this.dataSource.query<{ content_type: string; bytes: Buffer }[]>(
      `SELECT content_type, bytes FROM images WHERE key = $1`,
      [key],
    );
    return row ? { contentType: row.content_type, bytes: row.bytes } : null;
  }

  /**
   * A WebP of the image at `width` pixels wide (never enlarged: a narrower original keeps its width).
   * Made with sharp on first request and cached in image_variants. Null when the key is unknown.
   */
  async variant(key: string, width: VariantWidth): Promise<ImageBytes | null> {
    const [cached] = await this.dataSource.query<{ bytes: Buffer }[]>(
      `SELECT bytes FROM image_variants WHERE image_key = $1 AND width = $2`,
      [key, width],
    );
    if (cached) return { contentType: 'image/webp', bytes: cached.bytes };
    const original = await this.original(key);
    if (!original) return null;
    const bytes = await sharp(original.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await this.dataSource.query(
      `INSERT INTO image_variants (image_key, width, bytes, byte_size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (image_key, width) DO NOTHING`,
      [key, width, bytes, bytes.length],
    );
    return { contentType: 'image/webp', bytes };
  }
}
