import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { Link } from './link.entity';
import { LinkView, toLinkView } from './link-view';

@Injectable()
export class LinksService {
  constructor(@InjectRepository(Link) private readonly links: Repository<Link>) {}

  /** Every link ordered by pcode (DECISIONS D3 `GET /api/store`). */
  async list(): Promise<LinkView[]> {
    const rows = await this.links.find({ order: { pcode: 'ASC', id: 'ASC' } });
    return rows.map(toLinkView);
  }

  /** One link. @throws ApiError 404 `링크 정보를 찾을 수 없습니다.` */
  async get(id: number): Promise<LinkView> {
    const link = await this.links.findOneBy({ id });
    if (!link) throw new ApiError(404, messages.linkNotFound);
    return toLinkView(link);
  }
}
