import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { imageUrl, insertImage, PreparedImage, removeUnreferencedImages } from '../images/images.service';
import { Cover } from './cover.entity';
import type { CoverDto } from './dto/cover.dto';

/**
 * Transaction-level advisory lock of cover replaces (docs/decisions/0048-no-silent-overwrite.md): the first one has no
 * row to lock.
 */
const COVER_LOCK_ID = 4_000_002;

/**
 * What a cover replace expects to find (docs/decisions/0048-no-silent-overwrite.md): `version` the cover's version the
 * screen loaded, or `none` true when the screen saw no cover at all (`If-None-Match: *`). Neither: replaced whatever is
 * stored.
 */
export interface CoverExpectation {
  version?: number;
  none?: boolean;
}

/** The one cover image (docs/decisions/0002-entities.md), answered as CoverDto. */
@Injectable()
export class CoverService {
  constructor(
    @InjectRepository(Cover) private readonly covers: Repository<Cover>,
    private readonly dataSource: DataSource,
  ) {}

  /** The current cover, or null when none was ever uploaded (docs/decisions/0003-api-calls.md `GET /api/cover`). */
  async current(): Promise<CoverDto | null> {
    const cover = await this.covers.findOneBy({ id: 1 });
    return cover ? { imagelink: imageUrl(cover.imageKey), version: cover.version } : null;
  }

  /**
   * Makes a prepared upload the one cover (docs/decisions/0002-entities.md "at most one current cover"): in one
   * transaction the image is inserted, the cover row (id 1) upserted with its version raised by one (1 for the first
   * cover), and the previous cover image deleted when no link uses it. With `expected`
   * (docs/decisions/0048-no-silent-overwrite.md) the locked row is compared first: a cover replaced since the screen
   * loaded it (another version, or any cover when the screen saw none) is left as it is, and the image is not stored.
   * @returns the cover now.
   * @throws ApiError 409 `messages.coverConflict` with `product` = the cover as stored now (or null).
   */
  async replace(image: PreparedImage, expected: CoverExpectation = {}): Promise<CoverDto> {
    return this.dataSource.transaction(async (manager) => {
      // The row lock orders two replaces; with no row yet, the advisory lock does (two first uploads).
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [COVER_LOCK_ID]);
      const [previous] = await manager.query<{ image_key: string; version: number }[]>(
        `SELECT image_key, version FROM cover WHERE id = 1 FOR UPDATE`,
      );
      const stale = previous
        ? expected.none === true || (expected.version !== undefined && expected.version !== previous.version)
        : expected.version !== undefined;
      if (stale) {
        const stored = previous ? { imagelink: imageUrl(previous.image_key), version: previous.version } : null;
        throw new ApiError(409, messages.coverConflict, undefined, stored);
      }
      const stored = await insertImage(manager, image);
      const [row] = await manager.query<{ version: number }[]>(
        `INSERT INTO cover (id, image_key, version, updated_at) VALUES (1, $1, 1, now())
         ON CONFLICT (id) DO UPDATE SET image_key = EXCLUDED.image_key, version = cover.version + 1, updated_at = now()
         RETURNING version`,
        [stored.key],
      );
      if (previous && previous.image_key !== stored.key) await removeUnreferencedImages(manager, [previous.image_key]);
      return { imagelink: imageUrl(stored.key), version: row!.version };
    });
  }
}
