import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { imageUrl } from '../images/images.service';
import { Cover } from './cover.entity';

/** The cover as the API answers it. */
export interface CoverView {
  /** `/api/images/<key>` */
  imagelink: string;
}

@Injectable()
export class CoverService {
  constructor(@InjectRepository(Cover) private readonly covers: Repository<Cover>) {}

  /** The current cover, or null when none was ever uploaded (DECISIONS D3 `GET /api/cover`). */
  async current(): Promise<CoverView | null> {
    const cover = await this.covers.findOneBy({ id: 1 });
    return cover ? { imagelink: imageUrl(cover.imageKey) } : null;
  }
}
