import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { product, ReadEnvelope } from '../common/envelope';
import { CoverService, CoverView } from './cover.service';

@ApiTags('cover')
@Controller('cover')
export class CoverController {
  constructor(private readonly cover: CoverService) {}

  /** `GET /api/cover` → `{ product: { imagelink } }` or `{ product: null }` (public). */
  @Get()
  @ApiOperation({ summary: '커버 이미지 (공개)', description: "`{ product: { imagelink: '/api/images/<key>' } }`, or `{ product: null }` when no cover is set." })
  async get(): Promise<ReadEnvelope<CoverView | null>> {
    return product(await this.cover.current());
  }
}
