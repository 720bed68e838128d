import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res, UploadedFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { ApiError } from '../common/api-error';
import { MessageResponse } from '../common/dto/message-response.dto';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { FormWithImageUpload, prepareUpload } from '../images/image-upload';
import { ApiErrors } from '../openapi/api-errors';
import { CreateLinkDto } from './dto/create-link.dto';
import { CreateLinkFormDto, UpdateLinkFormDto } from './dto/link-form.dto';
import {
  LinkListResponse,
  LinkOrderConflictResponse,
  LinkOrderResponse,
  LinkResponse,
  LinkWriteResponse,
} from './dto/link.dto';
import { ReorderLinkDto } from './dto/reorder-link.dto';
import { UpdateLinkDto } from './dto/update-link.dto';
import { PublicCache } from '../public-cache/public-cache';
import { LinksService } from './links.service';
import { ParsePositionPipe } from './parse-position.pipe';

/** Every sentence a link body's validation may answer with (CreateLinkDto, UpdateLinkDto). */
export const LINK_BODY_ERRORS = [
  messages.pnameRequired,
  messages.pnameTooLong,
  messages.tagNotString,
  messages.tooManyTags,
  messages.tagTooLong,
  messages.linkUrlInvalid,
  messages.imagelinkInvalid,
  messages.imagelinkUnknown,
  messages.linkEnabledInvalid,
  messages.linkShowFromInvalid,
  messages.linkShowUntilInvalid,
  messages.linkWindowOrder,
  messages.unknownField('<field>'),
];

@ApiTags('links')
@Controller()
export class LinksController {
  constructor(
    private readonly links: LinksService,
    private readonly cache: PublicCache,
  ) {}

  /**
   * `GET /api/store` → `{ product: LinkDto[] }`: the links visitors see now, ordered by pcode (public, DECISIONS D3;
   * issue 12: hidden, scheduled and ended links are left out). `Cache-Control` never lets a shared cache keep it past
   * the next window boundary. Served from the in-process PublicCache (issue 14 item 4) until a write or that boundary.
   */
  @Get('store')
  @Public()
  @ApiOperation({
    summary: '링크 목록 (공개)',
    description:
      'The links that are on and inside their window now, ordered by pcode. Cache-Control: browsers revalidate (ETag), shared caches keep it at most 60 s and never past the next opening or closing of a link.',
  })
  @ApiOkResponse({ type: LinkListResponse })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.serve(req, res, 'store', async () => ({
      body: { product: await this.links.listVisible() } satisfies LinkListResponse,
      validUntil: await this.links.nextBoundary(),
    }));
  }

  /**
   * `GET /api/main/select/:id` → `{ product: LinkDto }` while visitors see it; 400 bad id, 404 unknown or hidden.
   * Cached like `GET /api/store`.
   */
  @Get('main/select/:id')
  @Public()
  @ApiOperation({ summary: '링크 한 개 (공개)', description: 'A hidden, scheduled or ended link is not found (404).' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.linkNotFound] })
  @ApiOkResponse({ type: LinkResponse })
  async select(@Param('id', ParseIdPipe) id: number, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.serve(req, res, `main/select/${id}`, async () => ({
      body: { product: await this.links.get(id, { visibleOnly: true }) } satisfies LinkResponse,
      validUntil: await this.links.nextBoundary(),
    }));
  }

  /** `GET /api/main/list` (administrator) → every link, hidden, scheduled and ended ones too, with its visibility. */
  @Get('main/list')
  @ApiOperation({
    summary: '링크 목록 (관리자)',
    description: "Every link ordered by pcode, with `visibility` (visible, hidden, scheduled, ended) at the API's now.",
  })
  async listAll(): Promise<LinkListResponse> {
    return { product: await this.links.listAll() };
  }

  /** `GET /api/main/detail/:id` (administrator) → one link whatever its visibility; 400 bad id, 404 unknown id. */
  @Get('main/detail/:id')
  @ApiOperation({ summary: '링크 한 개 (관리자)', description: 'For the edit form: hidden links too.' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.linkNotFound] })
  async detail(@Param('id', ParseIdPipe) id: number): Promise<LinkResponse> {
    return { product: await this.links.get(id, { visibleOnly: false }) };
  }

  /**
   * `POST /api/store/create` `{ pname, tag, link, imagelink }` → 201 `{ message, product: LinkDto }`
   * (spec §7, DECISIONS D2/D3). The new link goes to the end (pcode = n). 400 on any validation failure.
   */
  @Post('store/create')
  @ApiOperation({
    summary: '링크 등록',
    description:
      'Creates a link at the END of the list (pcode = number of links). Strings are trimmed; empty tag/link/imagelink mean none.',
  })
  @ApiErrors({ 400: LINK_BODY_ERRORS })
  async create(@Body() dto: CreateLinkDto): Promise<LinkWriteResponse> {
    return { message: messages.linkCreated, product: await this.links.create(dto) };
  }

  /**
   * `PUT /api/main/update/:id` with any of `{ pname, tag, link, imagelink }` → `{ message, product: LinkDto }`.
   * Omitted fields keep their value. 400 validation / bad id, 404 unknown id.
   */
  @Put('main/update/:id')
  @ApiOperation({
    summary: '링크 수정',
    description:
      'Omitted fields keep their value; empty tag/link/imagelink clear it. An uploaded image the link stops using is deleted when nothing else references it.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId, ...LINK_BODY_ERRORS], 404: [messages.linkNotFound] })
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateLinkDto): Promise<LinkWriteResponse> {
    return { message: messages.linkUpdated, product: await this.links.update(id, dto) };
  }

  /**
   * `POST /api/store/create/with-image`, multipart: the fields of `POST /api/store/create` (except `imagelink`) as
   * text parts plus the file `image` → 201 `{ message, product: LinkDto }` (issue 16 item 1). The link and its image
   * are written in ONE transaction: an image refused (413, 415, 422) or a field refused (400) writes nothing.
   */
  @Post('store/create/with-image')
  @FormWithImageUpload(CreateLinkFormDto)
  @ApiOperation({
    summary: '링크와 이미지 함께 등록',
    description:
      'Creates a link at the END of the list with its uploaded image, in one transaction (nothing is written when the image or a field is refused). The image is checked and normalized as in POST /api/image.',
  })
  @ApiErrors({ 400: LINK_BODY_ERRORS })
  async createWithImage(
    @Body() dto: CreateLinkFormDto,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<LinkWriteResponse> {
    const image = await prepareUpload(file);
    return { message: messages.linkCreated, product: await this.links.create(dto, image) };
  }

  /**
   * `PUT /api/main/update/:id/with-image`, multipart: any fields of `PUT /api/main/update/:id` (except `imagelink`)
   * plus the file `image` → `{ message, product: LinkDto }` (issue 16 item 1): the fields and the new image in ONE
   * transaction; the previous uploaded image is deleted when nothing references it any more. 400 / 404 / 413 / 415 /
   * 422 change nothing.
   */
  @Put('main/update/:id/with-image')
  @FormWithImageUpload(UpdateLinkFormDto)
  @ApiOperation({
    summary: '링크와 이미지 함께 수정',
    description:
      'Updates the fields sent and replaces the image in one transaction (nothing changes when the image or a field is refused).',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId, ...LINK_BODY_ERRORS], 404: [messages.linkNotFound] })
  async updateWithImage(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateLinkFormDto,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<LinkWriteResponse> {
    const image = await prepareUpload(file);
    return { message: messages.linkUpdated, product: await this.links.update(id, dto, image) };
  }

  /** `DELETE /api/main/delete/:id` → `{ message }`; the rest renumbered 0..n-1. 400 / 404. */
  @Delete('main/delete/:id')
  @ApiOperation({
    summary: '링크 삭제',
    description:
      'Deletes the link, renumbers the others so pcode stays 0..n-1, and deletes its uploaded image when no other link or the cover uses it.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.linkNotFound] })
  async remove(@Param('id', ParseIdPipe) id: number): Promise<MessageResponse> {
    await this.links.remove(id);
    return { message: messages.linkDeleted };
  }

  /**
   * `PUT /api/main/update/order/:id/:to/:from` with `{ pcode: to }` (DECISIONS D3) → `{ message, product: LinkDto[] }`.
   * 400 bad id/position, body pcode ≠ to, or a position outside 0..n-1; 404 unknown id; 409 with the current list
   * in `product` when `id` is not at `from`.
   */
  @Put('main/update/order/:id/:to/:from')
  @HttpCode(200)
  @ApiOperation({
    summary: '링크 순서 변경',
    description:
      'Moves link `id` from 0-based position `from` to `to` and renumbers pcode 0..n-1, in one transaction with every link row locked. If `id` is no longer at `from` (another administrator moved something), nothing changes and the answer is 409 with the current ordered list in `product`. Answers the list in its new order.',
  })
  @ApiParam({ name: 'id', description: 'the moved link, positive integer' })
  @ApiParam({ name: 'to', description: 'new 0-based position' })
  @ApiParam({ name: 'from', description: 'the 0-based position the screen saw the link at' })
  @ApiErrors({
    400: [messages.invalidId, messages.invalidPosition, messages.pcodeMismatch, messages.positionOutOfRange],
    404: [messages.linkNotFound],
    409: { type: LinkOrderConflictResponse, sentences: [messages.reorderConflict] },
  })
  async reorder(
    @Param('id', ParseIdPipe) id: number,
    @Param('to', ParsePositionPipe) to: number,
    @Param('from', ParsePositionPipe) from: number,
    @Body() dto: ReorderLinkDto,
  ): Promise<LinkOrderResponse> {
    if (dto.pcode !== to)
      throw new ApiError(400, messages.pcodeMismatch, [{ field: 'pcode', message: messages.pcodeMismatch }]);
    return { message: messages.linksReordered, product: await this.links.reorder({ id, from, to }) };
  }
}
