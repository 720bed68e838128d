import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { publicCacheControl } from '../links/link-visibility';
import { TagListResponse } from './dto/tag-word.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tag')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  /** `GET /api/tag/list` → `{ product: [{ text, value }] }` of the links visitors see now (public, DECISIONS D3). */
  @Get('list')
  @Public()
  @ApiOperation({
    summary: '키워드 클라우드 (공개)',
    description:
      'Each tag with the number of links visitors see now carrying it, top 100 by value desc, then text asc. Cached like GET /api/store.',
  })
  async list(@Res({ passthrough: true }) res: Response): Promise<TagListResponse> {
    res.setHeader('Cache-Control', publicCacheControl(await this.tags.secondsToNextBoundary()));
    return { product: await this.tags.counts() };
  }
}
