import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { product, ReadEnvelope } from '../common/envelope';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { LinkView } from './link-view';
import { LinksService } from './links.service';

const LINK_SHAPE =
  '`{ id, pname, tag: tags joined by "/", tags: string[], link: https URL | null (null: card not clickable), imagelink: "/api/images/<key>" | external URL | null, pcode: 0-based position }`';

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
}
