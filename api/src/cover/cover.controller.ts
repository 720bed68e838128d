import { Controller, Get, Post, Res, UploadedFile } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { MessageResponse } from '../common/dto/message-response.dto';
import { messages } from '../common/messages';
import { ImageUpload, prepareUpload } from '../images/image-upload';
import { publicCacheControl } from '../links/link-visibility';
import { CoverService } from './cover.service';
import { CoverResponse } from './dto/cover.dto';

@ApiTags('cover')
@Controller('cover')
export class CoverController {
  constructor(private readonly cover: CoverService) {}

  /**
   * `GET /api/cover` → `{ product: { imagelink } }` or `{ product: null }` (public). Cached like `GET /api/store`
   * (issue 14 point 4): `public, max-age=0, s-maxage=60, stale-while-revalidate=30`, ETag and 304; no window bounds it.
   */
  @Get()
  @Public()
  @ApiOperation({
    summary: '커버 이미지 (공개)',
    description: '`product` is null when no cover is set. Cached like GET /api/store (ETag, 304 on If-None-Match).',
  })
  async get(@Res({ passthrough: true }) res: Response): Promise<CoverResponse> {
    res.setHeader('Cache-Control', publicCacheControl(null));
    return { product: await this.cover.current() };
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
