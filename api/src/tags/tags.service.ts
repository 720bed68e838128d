import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A keyword-cloud word: a tag and the number of links carrying it. */
export interface TagCount {
  text: string;
  value: number;
}

/** The keyword cloud's limit (spec §9: up to 100 words). */
export const TAG_CLOUD_SIZE = 100;

@Injectable()
export class TagsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Each tag with the number of links carrying it, top 100 by value desc, then text asc (DECISIONS D3). */
  async counts(): Promise<TagCount[]> {
    return this.dataSource.query<TagCount[]>(
      `SELECT t.text, count(DISTINCT l.id)::int AS value
         FROM links l CROSS JOIN LATERAL unnest(l.tags) AS t(text)
        GROUP BY t.text
        ORDER BY value DESC, t.text ASC
        LIMIT $1`,
      [TAG_CLOUD_SIZE],
    );
  }
}
