import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { nextBoundary, visibleAt } from '../links/link-visibility';
import type { TagWordDto } from './dto/tag-word.dto';

/** The keyword cloud's limit (docs/product.md#9-constants-and-limits: up to 100 words). */
export const TAG_CLOUD_SIZE = 100;

@Injectable()
export class TagsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Each tag with the number of links visitors see now carrying it, top 100 by value desc, then text asc
   * (docs/decisions/0003-api-calls.md; docs/decisions/0026-creator-features.md: a hidden or scheduled link's tags stay
   * out of the public cloud).
   */
  async counts(): Promise<TagWordDto[]> {
    return this.dataSource.query<TagWordDto[]>(
      `SELECT t.text, count(DISTINCT links.id)::int AS value
         FROM links CROSS JOIN LATERAL unnest(links.tags) AS t(text)
        WHERE ${visibleAt('$2')}
        GROUP BY t.text
        ORDER BY value DESC, t.text ASC
        LIMIT $1`,
      [TAG_CLOUD_SIZE, this.clock.now()],
    );
  }

  /** The next opening or closing of a link's window, or null (the cloud changes then). */
  nextBoundary(): Promise<Date | null> {
    return nextBoundary(this.dataSource, this.clock.now());
  }
}
