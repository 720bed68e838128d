import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { product, ReadEnvelope, WriteEnvelope, written } from '../common/envelope';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateLinkDto } from './dto/create-link.dto';
import { ReorderLinkDto } from './dto/reorder-link.dto';
import { UpdateLinkDto } from './dto/update-link.dto';
import { LinkView } from './link-view';
import { LinksService } from './links.service';
import { ParsePositionPipe } from './parse-position.pipe';

export const LINK_SHAPE =
  '`{ id, pname, tag: tags joined by "/", tags: string[], link: https URL | null (null: card not clickable), imagelink: "/api/images/<key>" | external URL | null, pcode: 0-based position }`';

const VALIDATION_400 =
  '`{ statusCode: 400, message: <first broken rule, Korean>, errors: [{ field, message }] }`: 링크 이름은 필수 값입니다. (pname empty), 링크 이름은 100자 이하로 입력해주세요., 태그는 최대 20개까지 입력할 수 있습니다., 태그 하나는 최대 30자까지 입력할 수 있습니다., link/imagelink not http(s) (javascript:, data: … refused), 등록되지 않은 이미지입니다. (/api/images/<key> of no stored image), unknown fields.';

@ApiTags('links')
@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  /** `GET /api/store` → `{ product: LinkView[] }` ordered by pcode (public, DECISIONS D3). */
  @Get('store')
  @ApiOperation({ summary: '링크 목록 (공개)', description: `\`{ product: Link[] }\` ordered by pcode. Link = ${LINK_SHAPE}` })
  async list(): Promise<ReadEnvelope<LinkView[]>> {
    return product(await this.links.list());
  }

  /** `GET /api/main/select/:id` → `{ product: LinkView }`; 400 bad id, 404 unknown id. */
  @Get('main/select/:id')
  @ApiOperation({ summary: '링크 한 개 (공개)', description: `\`{ product: Link }\`. Link = ${LINK_SHAPE}` })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '링크 정보를 찾을 수 없습니다.' })
  async select(@Param('id', ParseIdPipe) id: number): Promise<ReadEnvelope<LinkView>> {
    return product(await this.links.get(id));
  }

  /**
   * `POST /api/store/create` `{ pname, tag, link, imagelink }` → 201 `{ message: '링크가 등록되었습니다.', product: LinkView }`
   * (spec §7, DECISIONS D2/D3). The new link goes to the end (pcode = n). 400 on any validation failure.
   */
  @Post('store/create')
  @AdminOnly()
  @ApiOperation({
    summary: '링크 등록',
    description: `Creates a link at the END of the list (pcode = number of links). Strings are trimmed; empty tag/link/imagelink mean none. Answers \`{ message, product: Link }\`. Link = ${LINK_SHAPE}`,
  })
  @ApiCreatedResponse({ description: '`{ message: "링크가 등록되었습니다.", product: Link }`' })
  @ApiResponse({ status: 400, description: VALIDATION_400 })
  async create(@Body() dto: CreateLinkDto): Promise<WriteEnvelope<LinkView>> {
    return written(messages.linkCreated, await this.links.create(dto));
  }

  /**
   * `PUT /api/main/update/:id` with any of `{ pname, tag, link, imagelink }` → `{ message: '링크가 수정되었습니다.', product }`.
   * Omitted fields keep their value. 400 validation / bad id, 404 unknown id.
   */
  @Put('main/update/:id')
  @AdminOnly()
  @ApiOperation({
    summary: '링크 수정',
    description: `Omitted fields keep their value; empty tag/link/imagelink clear it. An uploaded image the link stops using is deleted when nothing else references it. Answers \`{ message, product: Link }\`.`,
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiOkResponse({ description: '`{ message: "링크가 수정되었습니다.", product: Link }`' })
  @ApiResponse({ status: 400, description: `잘못된 ID 형식입니다., or ${VALIDATION_400}` })
  @ApiResponse({ status: 404, description: '링크 정보를 찾을 수 없습니다.' })
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateLinkDto): Promise<WriteEnvelope<LinkView>> {
    return written(messages.linkUpdated, await this.links.update(id, dto));
  }

  /** `DELETE /api/main/delete/:id` → `{ message: '링크가 삭제되었습니다.' }`; the rest renumbered 0..n-1. 400 / 404. */
  @Delete('main/delete/:id')
  @AdminOnly()
  @ApiOperation({
    summary: '링크 삭제',
    description: 'Deletes the link, renumbers the others so pcode stays 0..n-1, and deletes its uploaded image when no other link or the cover uses it.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiOkResponse({ description: '`{ message: "링크가 삭제되었습니다." }`' })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '링크 정보를 찾을 수 없습니다.' })
  async remove(@Param('id', ParseIdPipe) id: number): Promise<WriteEnvelope<never>> {
    await this.links.remove(id);
    return written(messages.linkDeleted);
  }

  /**
   * `PUT /api/main/update/order/:id/:to/:from` with `{ pcode: to }` (DECISIONS D3) → `{ message: '순서가 변경되었습니다.', product: LinkView[] }`.
   * 400 bad id/position, body pcode ≠ to, or a position outside 0..n-1; 404 unknown id;
   * 409 `{ statusCode, message: '다른 관리자가 순서를 바꿨습니다. 최신 순서로 다시 불러옵니다.', product: LinkView[] }` when `id` is not at `from`.
   */
  @Put('main/update/order/:id/:to/:from')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: '링크 순서 변경',
    description:
      'Moves link `id` from 0-based position `from` to `to` and renumbers pcode 0..n-1, in one transaction with every link row locked. If `id` is no longer at `from` (another administrator moved something), nothing changes and the answer is 409 with the current ordered list in `product`. Answers `{ message, product: Link[] }` in the new order.',
  })
  @ApiParam({ name: 'id', description: 'the moved link, positive integer' })
  @ApiParam({ name: 'to', description: 'new 0-based position' })
  @ApiParam({ name: 'from', description: 'the 0-based position the screen saw the link at' })
  @ApiBody({ type: ReorderLinkDto })
  @ApiOkResponse({ description: '`{ message: "순서가 변경되었습니다.", product: Link[] }`' })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다. / 순서 값은 0 이상의 정수여야 합니다. / 본문의 pcode는 경로의 새 위치(to)와 같아야 합니다. / 순서 값이 링크 목록의 범위를 벗어났습니다.' })
  @ApiResponse({ status: 404, description: '링크 정보를 찾을 수 없습니다.' })
  @ApiResponse({ status: 409, description: '`{ statusCode: 409, message: "다른 관리자가 순서를 바꿨습니다. 최신 순서로 다시 불러옵니다.", product: Link[] }`' })
  async reorder(
    @Param('id', ParseIdPipe) id: number,
    @Param('to', ParsePositionPipe) to: number,
    @Param('from', ParsePositionPipe) from: number,
    @Body() dto: ReorderLinkDto,
  ): Promise<WriteEnvelope<LinkView[]>> {
    if (dto.pcode !== to) throw new ApiError(400, messages.pcodeMismatch, [{ field: 'pcode', message: messages.pcodeMismatch }]);
    return written(messages.linksReordered, await this.links.reorder({ id, from, to }));
  }
}
