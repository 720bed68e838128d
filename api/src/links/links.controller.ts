import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  UploadedFile,
} from '@nestjs/common';
import type { Request } from 'express';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { ApiError } from '../common/api-error';
import { expectedVersion } from '../common/expected-version';
import { MessageResponse } from '../common/dto/message-response.dto';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { FormWithImageUpload, prepareUpload } from '../images/image-upload';
import { ApiErrors } from '../openapi/api-errors';
import { CreateLinkDto } from './dto/create-link.dto';
import { CreateLinkFormDto, UpdateLinkFormDto } from './dto/link-form.dto';
import {
  LinkConflictResponse,
  LinkListResponse,
  LinkOrderConflictResponse,
  LinkOrderResponse,
  LinkPageResponse,
  LinkResponse,
  LinkWriteResponse,
} from './dto/link.dto';
import { ReorderLinkDto } from './dto/reorder-link.dto';
import { UpdateLinkDto } from './dto/update-link.dto';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { LinksService } from './links.service';
import { ParsePositionPipe } from './parse-position.pipe';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, parseStorePageQuery, queryStringOf } from './store-page-query';
import { Roles } from '../auth/roles.decorator';

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

/** The 400s of an update's version (docs/decisions/0048-no-silent-overwrite.md): a malformed `If-Match` or `version`, or the two disagreeing. */
const VERSION_ERRORS = [messages.ifMatchInvalid, messages.versionInvalid, messages.versionMismatch];

/** `If-Match` of the writes that can be refused as stale (docs/decisions/0048-no-silent-overwrite.md). */
const IF_MATCH_HEADER = {
  name: 'if-match',
  required: false,
  description:
    'The link\'s `version` when it was loaded, as an entity tag (`"3"`). Stale: 409 and nothing changes. Absent or `*`: no check (the write overwrites whatever is stored, as before).',
} as const;

@ApiTags('links')
@Roles('editor')
@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  /**
   * `GET /api/store` → `{ product: LinkDto[] }`: the links visitors see now, ordered by pcode (public, docs/decisions/0003-api-calls.md;
   * docs/decisions/0026-creator-features.md: hidden, scheduled and ended links are left out). `Cache-Control` never lets a shared cache keep it past
   * the next window boundary. A public read (public-cache/public-read.decorator.ts): kept in the PublicCache until a
   * write or that boundary.
   */
  @Get('store')
  @Public()
  @PublicRead()
  @ApiOperation({
    summary: '링크 목록 (공개)',
    description:
      'The links that are on and inside their window now, ordered by pcode. Cache-Control: browsers revalidate (ETag), shared caches keep it at most 60 s and never past the next opening or closing of a link.',
  })
  @ApiOkResponse({ type: LinkListResponse })
  async list(): Promise<PublicReadAnswer<LinkListResponse>> {
    return { body: { product: await this.links.listVisible() }, validUntil: await this.links.nextBoundary() };
  }

  /**
   * `GET /api/store/page?limit=&after=&tag=` → `{ product: { items: LinkDto[], nextCursor } }` (docs/decisions/0036-paged-public-read.md): the
   * links of `GET /api/store` one page at a time, keyset-paged on (pcode, id); `tag` filters on the server so it
   * works across pages. Same visibility rule, Cache-Control, ETag/304 and PublicCache as `GET /api/store`, one entry
   * per query of `limit`, `after` and `tag`. `GET /api/store` is unchanged for existing clients.
   * @throws ApiError 400 for a bad limit, cursor or tag (see parseStorePageQuery).
   */
  @Get('store/page')
  @Public()
  @PublicRead({ query: ['limit', 'after', 'tag'] })
  @ApiOperation({
    summary: '링크 목록 한 페이지 (공개)',
    description:
      "The links of GET /api/store one page at a time, in the same order (pcode, then id). Pass the answer's `nextCursor` as `after` for the next page; null means the last page. Keyset paging: a page costs the same at any depth, and a link created meanwhile (it goes to the end) neither repeats nor hides another. Cache-Control and ETag as GET /api/store.",
  })
  @ApiQuery({
    name: 'limit',
    type: String,
    required: false,
    description: `links per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
  })
  @ApiQuery({
    name: 'after',
    type: String,
    required: false,
    description: "the previous page's `nextCursor`; absent: the first page",
  })
  @ApiQuery({
    name: 'tag',
    type: String,
    required: false,
    description: 'only links carrying this tag (one tag, ≤ 30 characters)',
  })
  @ApiErrors({ 400: [messages.invalidPageLimit, messages.invalidPageCursor, messages.invalidTagFilter] })
  @ApiOkResponse({ type: LinkPageResponse })
  async page(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<PublicReadAnswer<LinkPageResponse>> {
    const parsed = parseStorePageQuery(query, queryStringOf(req.url));
    return { body: { product: await this.links.listVisiblePage(parsed) }, validUntil: await this.links.nextBoundary() };
  }

  /**
   * `GET /api/main/select/:id` → `{ product: LinkDto }` while visitors see it; 400 bad id, 404 unknown or hidden.
   * Cached like `GET /api/store`.
   */
  @Get('main/select/:id')
  @Public()
  @PublicRead()
  @ApiOperation({ summary: '링크 한 개 (공개)', description: 'A hidden, scheduled or ended link is not found (404).' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.linkNotFound] })
  @ApiOkResponse({ type: LinkResponse })
  async select(@Param('id', ParseIdPipe) id: number): Promise<PublicReadAnswer<LinkResponse>> {
    return {
      body: { product: await this.links.get(id, { visibleOnly: true }) },
      validUntil: await this.links.nextBoundary(),
    };
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
   * (docs/product.md#7-api-calls, docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md). The new link goes to the end (pcode = n). 400 on any validation failure.
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
   * docs/decisions/0048-no-silent-overwrite.md: with `If-Match: "<version>"` or `version` in the body, a link changed since that version is left
   * as it is and the answer is 409 `messages.linkEditConflict` with the stored link in `product`. Without either,
   * the update overwrites as before (clients that send no version keep working).
   */
  @Put('main/update/:id')
  @ApiOperation({
    summary: '링크 수정',
    description:
      'Omitted fields keep their value; empty tag/link/imagelink clear it. An uploaded image the link stops using is deleted when nothing else references it.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [messages.invalidId, ...LINK_BODY_ERRORS, ...VERSION_ERRORS],
    404: [messages.linkNotFound],
    409: { type: LinkConflictResponse, sentences: [messages.linkEditConflict] },
  })
  async update(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateLinkDto,
    @Headers('if-match') ifMatch?: string,
  ): Promise<LinkWriteResponse> {
    const expected = expectedVersion(ifMatch, dto.version);
    return { message: messages.linkUpdated, product: await this.links.update(id, dto, undefined, expected) };
  }

  /**
   * `POST /api/store/create/with-image`, multipart: the fields of `POST /api/store/create` (except `imagelink`) as
   * text parts plus the file `image` → 201 `{ message, product: LinkDto }` (docs/decisions/0051-nothing-half-saved.md). The link and its image
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
   * plus the file `image` → `{ message, product: LinkDto }` (docs/decisions/0051-nothing-half-saved.md): the fields and the new image in ONE
   * transaction; the previous uploaded image is deleted when nothing references it any more. 400 / 404 / 413 / 415 /
   * 422 change nothing. A stale `If-Match` or `version` (docs/decisions/0048-no-silent-overwrite.md): 409 as `PUT /api/main/update/:id`, and
   * the image is not stored either.
   */
  @Put('main/update/:id/with-image')
  @FormWithImageUpload(UpdateLinkFormDto)
  @ApiOperation({
    summary: '링크와 이미지 함께 수정',
    description:
      'Updates the fields sent and replaces the image in one transaction (nothing changes when the image or a field is refused). `If-Match` / `version` as in PUT /api/main/update/{id}: stale → 409, nothing stored.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [messages.invalidId, ...LINK_BODY_ERRORS, ...VERSION_ERRORS],
    404: [messages.linkNotFound],
    409: { type: LinkConflictResponse, sentences: [messages.linkEditConflict] },
  })
  async updateWithImage(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateLinkFormDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Headers('if-match') ifMatch?: string,
  ): Promise<LinkWriteResponse> {
    const expected = expectedVersion(ifMatch, dto.version);
    const image = await prepareUpload(file);
    return { message: messages.linkUpdated, product: await this.links.update(id, dto, image, expected) };
  }

  /**
   * `DELETE /api/main/delete/:id` → `{ message }`; the rest renumbered 0..n-1. 400 / 404. With `If-Match:
   * "<version>"` (docs/decisions/0048-no-silent-overwrite.md) a link changed since is not deleted: 409 `messages.linkDeleteConflict` with the
   * stored link in `product`. Without it, deleted whatever its version (as before).
   */
  @Delete('main/delete/:id')
  @ApiOperation({
    summary: '링크 삭제',
    description:
      'Deletes the link, renumbers the others so pcode stays 0..n-1, and deletes its uploaded image when no other link or the cover uses it. With `If-Match: "<version>"`, a link changed since that version is not deleted: 409 with the stored link in `product`.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [messages.invalidId, messages.ifMatchInvalid],
    404: [messages.linkNotFound],
    409: { type: LinkConflictResponse, sentences: [messages.linkDeleteConflict] },
  })
  async remove(@Param('id', ParseIdPipe) id: number, @Headers('if-match') ifMatch?: string): Promise<MessageResponse> {
    await this.links.remove(id, expectedVersion(ifMatch));
    return { message: messages.linkDeleted };
  }

  /**
   * `PUT /api/main/update/order/:id/:to/:from` with `{ pcode: to }` (docs/decisions/0003-api-calls.md) → `{ message, product: LinkDto[] }`.
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
