import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { PublicCache } from '../public-cache/public-cache';
import { FirstScreenService } from './first-screen.service';
import { parseStorePageQuery, queryStringOf } from '../links/store-page-query';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';

/**
 * The `tag` of `GET /api/site/first-screen?tag=`: the page's `/?tag=…` as nginx's SSI passes it (`$arg_tag`, empty when
 * the page has none), checked by GET /api/store/page's rules. Other parameters are ignored.
 * @throws ApiError 400 `messages.invalidTagFilter` (the gateway then inserts nothing; the page renders in the browser).
 */
function firstScreenTag(query: Record<string, unknown>, url: string): string | null {
  const { tag } = query;
  if (tag === undefined || tag === '') return null;
  return parseStorePageQuery({ tag }, queryStringOf(url)).tag;
}

/**
 * What the site's pages include from the API (issue 14 item 1, docs/first-screen.md). The shell's `index.html` asks
 * for them with nginx SSI (`<!--# include virtual="/api/site/first-screen?tag=$arg_tag" -->`), which the gateway and
 * `scripts/serve-app.mjs` resolve.
 */
@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(
    private readonly firstScreen: FirstScreenService,
    private readonly cache: PublicCache,
  ) {}

  /**
   * `GET /api/site/first-screen[?tag=]` → `text/html`: the first screen of `/` (banner with cover and plans, the
   * first 48 product cards, or with `tag` the first 48 carrying it, as `/?tag=` shows them), rendered by the apps' own
   * components, then its data as `<script type="application/json" id="first-screen-data">`. 204 when the renderers
   * are not built; 400 `messages.invalidTagFilter` for a malformed tag. Kept in the PublicCache (one entry per tag):
   * rendered once per write (or window boundary), not per visitor.
   */
  @Get('first-screen')
  @Public()
  @ApiOperation({
    summary: '첫 화면 HTML (공개)',
    description:
      'The markup of the first screen of / (cover, schedule banner, first 48 product cards) rendered by the apps\' own React components, followed by its data in <script type="application/json" id="first-screen-data"> (links, linksComplete, linksNextCursor, tag, tags, plans, cover, reserveOpen). With tag, the cards are those of GET /api/store/page?tag= (the page /?tag=). Included into the page by nginx SSI. Cached like GET /api/store.',
  })
  @ApiQuery({
    name: 'tag',
    type: String,
    required: false,
    // nginx's `$arg_tag` is empty when the page has no `?tag=`: empty means every link here.
    allowEmptyValue: true,
    description: "the page's `?tag=`: the cards are that tag's first page (empty or absent: every link)",
  })
  @ApiErrors({ 400: [messages.invalidTagFilter] })
  @ApiOkResponse({ description: 'HTML fragment', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiNoContentResponse({ description: 'No first-screen renderer is built: the page goes without one.' })
  async get(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Through @Query(), so the global input pipes refuse what no text may hold (`%00`) as for every other route.
    const tag = firstScreenTag(query, req.url);
    await this.cache.serve(req, res, tag === null ? 'site/first-screen' : `site/first-screen?tag=${tag}`, () =>
      this.firstScreen.read(tag),
    );
  }

  /** `GET /api/site/first-screen.css` → `text/css`: the stylesheet of that markup (empty without renderers). */
  @Get('first-screen.css')
  @Public()
  @ApiOperation({
    summary: '첫 화면 스타일시트 (공개)',
    description:
      'The CSS of the components the first screen renders, so the served page is styled before (and without) JavaScript. Changes only with a deployment; revalidated by ETag.',
  })
  @ApiProduces('text/css')
  @ApiOkResponse({ description: 'CSS', content: { 'text/css': { schema: { type: 'string' } } } })
  css(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/css; charset=utf-8').send(this.firstScreen.css);
  }
}
