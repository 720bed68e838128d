import { Controller, Get, Post, UploadedFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { product, ReadEnvelope, WriteEnvelope, written } from '../common/envelope';
import { messages } from '../common/messages';
import { ImageUpload, prepareUpload } from '../images/image-upload';
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

  /**
   * `POST /api/cover/image`, multipart file `image` (spec §7, DECISIONS D3/D4) → 201 `{ message: '커버 이미지가 변경되었습니다.' }`.
   * The image goes through the upload pipeline and becomes the one cover; the previous cover image is deleted
   * when no link uses it. Errors: 400 no/empty file, 413 too large, 415 not an accepted image, 422 too many pixels.
   */
  @Post('image')
  @AdminOnly()
  @ImageUpload()
  @ApiOperation({
    summary: '커버 이미지 변경',
    description: 'Stores the image through the upload pipeline (type by bytes, EXIF orientation applied, metadata stripped, content-addressed) and makes it the cover (`GET /api/cover`). The previous cover image is deleted when nothing else references it. Answers `{ message }`.',
  })
  @ApiCreatedResponse({ description: '`{ message: "커버 이미지가 변경되었습니다." }`' })
  async upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<WriteEnvelope<never>> {
    await this.cover.replace(await prepareUpload(file));
    return written(messages.coverSaved);
  }
}
