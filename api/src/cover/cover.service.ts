import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { imageUrl, insertImage, PreparedImage, removeUnreferencedImages } from '../images/images.service';
import { Cover } from './cover.entity';
import type { CoverDto } from './dto/cover.dto';

/** The one cover image (DECISIONS D2), answered as CoverDto. */
@Injectable()
export class CoverService {
  constructor(
    @InjectRepository(Cover) private readonly covers: Repository<Cover>,
    private readonly dataSource: DataSource,
  ) {}

  /** The current cover, or null when none was ever uploaded (DECISIONS D3 `GET /api/cover`). */
  async current(): Promise<CoverDto | null> {
    const cover = await this.covers.findOneBy({ id: 1 });
    return cover ? { imagelink: imageUrl(cover.imageKey) } : null;
  }

  /**
   * Makes a prepared upload the one cover (DECISIONS D2 "at most one current cover"): in one transaction the
   * image is inserted, the cover row (id 1) upserted, and the previous cover image deleted when no link uses it.
   */
  async replace(image: PreparedImage): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [previous] = await manager.query<{ image_key: string }[]>(
        `SELECT image_key FROM cover WHERE id = 1 FOR UPDATE`,
      );
      const stored = await insertImage(manager, image);
      await manager.query(
        `INSERT INTO cover (id, image_key, updated_at) VALUES (1, $1, now())
         ON CONFLICT (id) DO UPDATE SET image_key = EXCLUDED.image_key, updated_at = now()`,
        [stored.key],
      );
      if (previous && previous.image_key !== stored.key) await removeUnreferencedImages(manager, [previous.image_key]);
    });
  }
}
