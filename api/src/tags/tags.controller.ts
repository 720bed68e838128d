import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { PublicCache } from '../public-cache/public-cache';
import { TagListResponse } from './dto/tag-word.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tag')
export class TagsController {
  constructor(
    private readonly tags: TagsService,
    private readonly cache: PublicCache,
  ) {}

  /**
   * `GET /api/tag/list` → `{ product: [{ text, value }] }` of the links visitors see now (public, DECISIONS D3). Cached
   * like `GET /api/store` (headers of issue 14 item 4, in-process PublicCache until a write or the next window boundary).
   */
  @Get('list')
  @Public()
  @ApiOperation({
    summary: '키워드 클라우드 (공개)',
    description:
      'Each tag with the number of links visitors see now carrying it, top 100 by value desc, then text asc. Cached like GET /api/store.',
  })
  @ApiOkResponse({ type: TagListResponse })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.serve(req, res, 'tag/list', async () => ({
      body: { product: await this.tags.counts() } satisfies TagListResponse,
      validUntil: await this.tags.nextBoundary(),
    }));
  }
}
