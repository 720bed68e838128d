import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { FirstScreenResponse } from './dto/first-screen.dto';
import { FIRST_SCREEN_CARDS, FirstScreenService } from './first-screen.service';
import { parseStorePageQuery, queryStringOf } from '../links/store-page-query';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';

/**
 * The `tag` of `GET /api/site/first-screen?tag=`: the page's `/?tag=…` as the shell's server passes it on (empty when
 * the page has none), checked by GET /api/store/page's rules. Other parameters are ignored.
 * @throws ApiError 400 `messages.invalidTagFilter`.
 */
function firstScreenTag(query: Record<string, unknown>, url: string): string | null {
  const { tag } = query;
  if (tag === undefined || tag === '') return null;
  return parseStorePageQuery({ tag }, queryStringOf(url)).tag;
}

/** The data the site's web tier renders its pages from, in one read (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md). */
@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(private readonly firstScreen: FirstScreenService) {}

  /**
   * `GET /api/site/first-screen[?tag=]` → `{ product: FirstScreenDto }`: what the first screen of `/` is drawn from
   * (`{ links, linksComplete, linksNextCursor, tag, tags, plans, cover, reserveOpen }`: the first 48 links of
   * `GET /api/store/page`, or with `tag` the first 48 carrying it, as `/?tag=` shows them; `GET /api/tag/list`,
   * `GET /api/plan/list?upcoming=1`, `GET /api/cover` and `GET /api/reserve/status`'s `open`). The shell's server
   * renders `/` with it (docs/first-screen.md); the API renders nothing. 400 `messages.invalidTagFilter` for a
   * malformed tag. A public read (public-cache/public-read.decorator.ts), kept per `tag` until a write or the earliest
   * time one of its parts changes by itself (a link's window, the plans' Seoul midnight, a slot opening or closing for
   * bookings), with ETag and 304.
   */
  @Get('first-screen')
  @Public()
  @PublicRead({ query: ['tag'] })
  @ApiOperation({
    summary: '첫 화면 데이터 (공개)',
    description: `What the first screen of / is drawn from, in one read: the first ${FIRST_SCREEN_CARDS} links of GET /api/store/page (links, linksComplete, linksNextCursor; with tag, that tag's first page, as the page /?tag= shows it, and tag says which), the words of GET /api/tag/list (tags), GET /api/plan/list?upcoming=1 (plans), GET /api/cover (cover) and GET /api/reserve/status's open (reserveOpen), each exactly as that route answers. The shell's server renders / with it (docs/first-screen.md). Cached like GET /api/store, until a write or the earliest time one of its parts changes by itself.`,
  })
  @ApiQuery({
    name: 'tag',
    type: String,
    required: false,
    // The shell's server passes the page's `?tag=` on as it is, empty when the page has none: empty means every link.
    allowEmptyValue: true,
    description: "the page's `?tag=`: the links are that tag's first page (empty or absent: every link)",
  })
  @ApiErrors({ 400: [messages.invalidTagFilter] })
  @ApiOkResponse({ type: FirstScreenResponse })
  async get(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<PublicReadAnswer<FirstScreenResponse>> {
    // Through @Query(), so the global input pipes refuse what no text may hold (`%00`) as for every other route.
    const { firstScreen, validUntil } = await this.firstScreen.read(firstScreenTag(query, req.url));
    return { body: { product: firstScreen }, validUntil };
  }
}
