import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { TagListResponse } from './dto/tag-word.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tag')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  /**
   * `GET /api/tag/list` → `{ product: [{ text, value }] }` of the links visitors see now (public, docs/decisions/0003-api-calls.md). Cached
   * like `GET /api/store` (public-cache/public-read.decorator.ts: in the PublicCache until a write or the next window
   * boundary).
   */
  @Get('list')
  @Public()
  @PublicRead()
  @ApiOperation({
    summary: '키워드 클라우드 (공개)',
    description:
      'Each tag with the number of links visitors see now carrying it, top 100 by value desc, then text asc. Cached like GET /api/store.',
  })
  @ApiOkResponse({ type: TagListResponse })
  async list(): Promise<PublicReadAnswer<TagListResponse>> {
    return { body: { product: await this.tags.counts() }, validUntil: await this.tags.nextBoundary() };
  }
}
