import { Controller, Get, Headers, Post, UploadedFile } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { expectedVersion } from '../common/expected-version';
import { messages } from '../common/messages';
import { ImageUpload, prepareUpload } from '../images/image-upload';
import { ApiErrors } from '../openapi/api-errors';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { CoverService } from './cover.service';
import { CoverConflictResponse, CoverResponse, CoverWriteResponse } from './dto/cover.dto';
import { Roles } from '../auth/roles.decorator';

@ApiTags('cover')
@Roles('editor')
@Controller('cover')
export class CoverController {
  constructor(private readonly cover: CoverService) {}

  /**
   * `GET /api/cover` → `{ product: { imagelink, version } }` or `{ product: null }` (public). Cached like `GET
   * /api/store` (public-cache/public-read.decorator.ts): `public, max-age=0, s-maxage=60, stale-while-revalidate=30`,
   * ETag and 304; no window bounds it. Kept in the in-process PublicCache until a write.
   */
  @Get()
  @Public()
  @PublicRead()
  @ApiOperation({
    summary: '커버 이미지 (공개)',
    description: '`product` is null when no cover is set. Cached like GET /api/store (ETag, 304 on If-None-Match).',
  })
  @ApiOkResponse({ type: CoverResponse })
  async get(): Promise<PublicReadAnswer<CoverResponse>> {
    return { body: { product: await this.cover.current() }, validUntil: null };
  }

  /**
   * `POST /api/cover/image`, multipart file `image` (docs/product.md#7-api-calls, docs/decisions/0003-api-calls.md, docs/decisions/0004-image-uploads.md) → 201 `{ message, product: CoverDto }`.
   * The image goes through the upload pipeline and becomes the one cover; the previous cover image is deleted
   * when no link uses it. Errors: 400 no/empty file, 413 too large, 415 not an accepted image, 422 too many pixels.
   * docs/decisions/0048-no-silent-overwrite.md: with `If-Match: "<version>"` (the cover's version the screen loaded), or `If-None-Match: *` (the
   * screen saw no cover), a cover replaced since is kept: 409 `messages.coverConflict` with the stored cover (or null)
   * in `product`, and the image is not stored. Without either, the cover is replaced whatever it is (as before).
   */
  @Post('image')
  @ImageUpload()
  @ApiOperation({
    summary: '커버 이미지 변경',
    description:
      'Stores the image through the upload pipeline (type by bytes, EXIF orientation applied, metadata stripped, content-addressed) and makes it the cover (`GET /api/cover`). The previous cover image is deleted when nothing else references it. With `If-Match: "<version>"` or `If-None-Match: *`, a cover replaced since answers 409 with the stored cover in `product`, nothing stored.',
  })
  @ApiHeader({
    name: 'if-match',
    required: false,
    description:
      'The cover\'s `version` when the screen loaded it (`"2"`). Stale: 409 with the stored cover, nothing changes. Absent or `*`: no check.',
  })
  @ApiHeader({
    name: 'if-none-match',
    required: false,
    description: '`*`: only when there is no cover yet (the screen saw none); otherwise 409 with the stored cover.',
  })
  @ApiErrors({ 409: { type: CoverConflictResponse, sentences: [messages.coverConflict] } })
  async upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Headers('if-match') ifMatch?: string,
    @Headers('if-none-match') ifNoneMatch?: string,
  ): Promise<CoverWriteResponse> {
    const version = expectedVersion(ifMatch);
    const none = ifNoneMatch?.trim() === '*';
    const image = await prepareUpload(file);
    return { message: messages.coverSaved, product: await this.cover.replace(image, { version, none }) };
  }
}
