import { Controller, Get, Post, Req, Res, UploadedFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { MessageResponse } from '../common/dto/message-response.dto';
import { messages } from '../common/messages';
import { ImageUpload, prepareUpload } from '../images/image-upload';
import { PublicCache } from '../public-cache/public-cache';
import { CoverService } from './cover.service';
import { CoverResponse } from './dto/cover.dto';

@ApiTags('cover')
@Controller('cover')
export class CoverController {
  constructor(
    private readonly cover: CoverService,
    private readonly cache: PublicCache,
  ) {}

  /**
   * `GET /api/cover` → `{ product: { imagelink } }` or `{ product: null }` (public). Cached like `GET /api/store`
   * (issue 14 point 4): `public, max-age=0, s-maxage=60, stale-while-revalidate=30`, ETag and 304; no window bounds it.
   * Kept in the in-process PublicCache until a write.
   */
  @Get()
  @Public()
  @ApiOperation({
    summary: '커버 이미지 (공개)',
    description: '`product` is null when no cover is set. Cached like GET /api/store (ETag, 304 on If-None-Match).',
  })
  @ApiOkResponse({ type: CoverResponse })
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.serve(req, res, 'cover', async () => ({
      body: { product: await this.cover.current() } satisfies CoverResponse,
      validUntil: null,
    }));
  }

  /**
   * `POST /api/cover/image`, multipart file `image` (spec §7, DECISIONS D3/D4) → 201 `{ message }`.
   * The image goes through the upload pipeline and becomes the one cover; the previous cover image is deleted
   * when no link uses it. Errors: 400 no/empty file, 413 too large, 415 not an accepted image, 422 too many pixels.
   */
  @Post('image')
  @ImageUpload()
  @ApiOperation({
    summary: '커버 이미지 변경',
    description:
      'Stores the image through the upload pipeline (type by bytes, EXIF orientation applied, metadata stripped, content-addressed) and makes it the cover (`GET /api/cover`). The previous cover image is deleted when nothing else references it.',
  })
  async upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<MessageResponse> {
    await this.cover.replace(await prepareUpload(file));
    return { message: messages.coverSaved };
  }
}
