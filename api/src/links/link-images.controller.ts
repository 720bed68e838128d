import { Body, Controller, Param, Post, Put, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ImageUpload, prepareUpload } from '../images/image-upload';
import { ApiErrors } from '../openapi/api-errors';
import { LinkWriteResponse } from './dto/link.dto';
import { LinksService } from './links.service';
import { Roles } from '../auth/roles.decorator';

/** Uploads of a link's image (docs/product.md#7-api-calls `POST /api/image`, `PUT /api/image/:id`; docs/decisions/0003-api-calls.md, docs/decisions/0004-image-uploads.md). */
@ApiTags('links')
@Roles('editor')
@Controller('image')
export class LinkImagesController {
  constructor(private readonly links: LinksService) {}

  /**
   * `POST /api/image`, multipart: file `image` + field `id` (the link just created, docs/product.md#4-states-and-transitions) → 201
   * `{ message, product: LinkDto }` with imagelink `/api/images/<key>`.
   * Errors: 400 bad/missing id or file, 404 unknown link, 413 too large, 415 not an accepted image, 422 too many pixels.
   */
  @Post()
  @ImageUpload({ id: { type: 'integer', description: 'id of the link the image belongs to' } })
  @ApiOperation({
    summary: '링크 이미지 등록',
    description:
      "Stores the image (type decided by the bytes, EXIF orientation applied, metadata stripped, content-addressed) and sets it as link `id`'s image in the same transaction.",
  })
  @ApiErrors({ 404: [messages.linkNotFound] })
  async upload(
    @Body('id', ParseIdPipe) id: number,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<LinkWriteResponse> {
    return { message: messages.imageSaved, product: await this.links.setImage(id, await prepareUpload(file)) };
  }

  /** `PUT /api/image/:id`, multipart file `image`: replaces link `id`'s image; the old one is deleted when unreferenced. Errors as POST. */
  @Put(':id')
  @ImageUpload()
  @ApiOperation({
    summary: '링크 이미지 변경',
    description:
      "Replaces link `id`'s image (same pipeline as POST /api/image); the previous uploaded image is deleted when nothing references it any more.",
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 404: [messages.linkNotFound] })
  async replace(
    @Param('id', ParseIdPipe) id: number,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<LinkWriteResponse> {
    return { message: messages.imageSaved, product: await this.links.setImage(id, await prepareUpload(file)) };
  }
}
