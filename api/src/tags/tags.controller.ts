import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { product, ReadEnvelope } from '../common/envelope';
import { TagCount, TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tag')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  /** `GET /api/tag/list` → `{ product: [{ text, value }] }` (public). */
  @Get('list')
  @ApiOperation({
    summary: '키워드 클라우드 (공개)',
    description: '`{ product: [{ text, value }] }`: each tag with the number of links carrying it, top 100 by value desc, then text asc.',
  })
  async list(): Promise<ReadEnvelope<TagCount[]>> {
    return product(await this.tags.counts());
  }
}
