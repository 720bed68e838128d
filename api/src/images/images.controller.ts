import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { VARIANT_WIDTHS, VariantWidth } from './image-variant.entity';
import { ImagesService } from './images.service';
import { Public } from '../auth/public.decorator';
import { markAnsweredFromMemory } from '../logging/http-logger';

/** An image key: the SHA-256 hex of its bytes. */
export const KEY_PATTERN = /^[0-9a-f]{64}$/;
/** Images are content-addressed, so any cache may keep them for good. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

@ApiTags('images')
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /**
   * `GET /api/images/:key[?w=320|640|1280]` (docs/decisions/0003-api-calls.md): the stored original with its content type,
   * or a WebP resized to width w (never enlarged), cached after the first request.
   * Content-addressed, so: `ETag: "<key>"` or `"<key>-<w>"`, `Cache-Control: public, max-age=31536000, immutable`,
   * and 304 on a matching If-None-Match (answered without reading the database: the key names the bytes).
   * Errors: 400 key not 64 lowercase hex; 400 other w; 404 unknown key.
   */
  @Get(':key')
  @Public()
  @ApiOperation({
    summary: '이미지 (원본 또는 WebP 축소본)',
    description:
      'Content-addressed by SHA-256. `w` ∈ {320, 640, 1280} gives a WebP of that width, never enlarged, made on first request and cached in the database. ETag + immutable caching; 304 on If-None-Match.',
  })
  @ApiParam({ name: 'key', description: 'SHA-256 hex of the stored bytes (64 lowercase characters)' })
  @ApiQuery({ name: 'w', required: false, enum: [...VARIANT_WIDTHS] })
  @ApiResponse({
    status: 200,
    description: 'The image bytes',
    content: Object.fromEntries(
      ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'].map((type) => [
        type,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  @ApiErrors({ 400: [messages.invalidImageKey, messages.invalidImageWidth], 404: [messages.imageNotFound] })
  async serve(
    @Param('key') key: string,
    @Query('w') w: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new ApiError(400, messages.invalidImageKey);
    const width = parseWidth(w);
    const etag = `"${width ? `${key}-${width}` : key}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      markAnsweredFromMemory(res.req);
      res.status(304).end();
      return;
    }
    const image = width ? await this.images.variant(key, width) : await this.images.original(key);
    // The hot variants of a visitor's page: logged at debug like the other answers from memory.
    if (image?.fromMemory) markAnsweredFromMemory(res.req);
    if (!image) {
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      throw new ApiError(404, messages.imageNotFound);
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', image.bytes.length);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).end(image.bytes);
  }
}

/** `?w=` absent → undefined; one of VARIANT_WIDTHS → that width; anything else → 400. */
function parseWidth(w: string | undefined): VariantWidth | undefined {
  if (w === undefined) return undefined;
  const width = VARIANT_WIDTHS.find((allowed) => String(allowed) === w);
  if (!width) throw new ApiError(400, messages.invalidImageWidth);
  return width;
}
