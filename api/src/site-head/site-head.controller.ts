import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { IMAGE_CACHE_CONTROL } from '../images/images.controller';
import { ImagesService } from '../images/images.service';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { fallbackOgImage, makeOgImage } from './og-image';
import { OG_VERSION_PATTERN, ogImageVersion, renderHead, siteManifest } from './site-head';

/** Content-Type of the head fragment. */
const HTML_TYPE = 'text/html; charset=utf-8';

/** Content-Type of the web app manifest (https://www.w3.org/TR/appmanifest/#media-type-registration). */
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/**
 * The page's head from the settings and the cover (docs/decisions/0033-head-and-link-preview.md): the HTML fragment the site's servers include in
 * index.html, the web app manifest, and the link-preview image. All public; the first two are public reads
 * (`@PublicRead()`, emptied by every write, the cover upload included), the image in the image-variant memory.
 */
@ApiTags('site')
@Controller('site')
export class SiteHeadController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly images: ImagesService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * `GET /api/site/head` → `text/html; charset=utf-8`: title, description, canonical URL, `og:*` and `twitter:card`
   * (site-head.ts renderHead), for `<!--# include virtual="/api/site/head" -->` in the shell's index.html. Addresses
   * are absolute on PUBLIC_SITE_URL, site-relative when it is unset: never from the request's `Host` or
   * `X-Forwarded-Host` (docs/decisions/0095-no-host-derived-urls.md), so every request gets the same bytes, kept once. A public read
   * (public-cache/public-read.decorator.ts: ETag, 304, `Cache-Control` of publicCacheControl) until the next write.
   */
  @Get('head')
  @Public()
  @PublicRead()
  @ApiProduces('text/html')
  @ApiOperation({
    summary: '페이지 head 조각 (공개)',
    description:
      'HTML tags for the page head: title, description, canonical, og:*, twitter:card, from SITE_NAME, SITE_DESCRIPTION, PUBLIC_SITE_URL and the current cover. Addresses are absolute on PUBLIC_SITE_URL, site-relative without it; never taken from the request (Host, X-Forwarded-Host). Values are HTML-escaped. Cached until the next write (ETag, 304).',
  })
  @ApiResponse({ status: 200, description: 'The fragment', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  async head(): Promise<PublicReadAnswer<string>> {
    return {
      body: renderHead(this.config.site, await this.coverKey()),
      contentType: HTML_TYPE,
      validUntil: null,
    };
  }

  /**
   * `GET /api/site/manifest.webmanifest` → `application/manifest+json`: the web app manifest named from SITE_NAME
   * (site-head.ts siteManifest), linked from the shell's index.html. A public read like the head.
   */
  @Get('manifest.webmanifest')
  @Public()
  @PublicRead()
  @ApiProduces('application/manifest+json')
  @ApiOperation({
    summary: '웹 앱 매니페스트 (공개)',
    description: 'name and short_name from SITE_NAME, start_url `/`, standalone, the site colours, icons 192 and 512.',
  })
  @ApiResponse({
    status: 200,
    description: 'The manifest',
    content: { 'application/manifest+json': { schema: { type: 'object' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  manifest(): PublicReadAnswer<string> {
    return {
      body: `${JSON.stringify(siteManifest(this.config.site))}\n`,
      contentType: MANIFEST_TYPE,
      validUntil: null,
    };
  }

  /**
   * `GET /api/site/og.jpg[?v=]` → the current cover as a 1200×630 JPEG (og-image.ts makeOgImage), or the generated
   * fallback when there is no cover. `ETag: "og-<version>"`; when `v` names the current version (the address the head
   * gives) the answer is `immutable` for a year, otherwise `no-cache` (revalidated by its ETag). 304 on a match.
   * 400 `messages.invalidOgImageVersion` for a `v` of another shape (or given twice).
   */
  @Get('og.jpg')
  @Public()
  @ApiOperation({
    summary: '링크 미리보기 이미지 (공개)',
    description:
      'The cover resized and cropped to 1200×630 JPEG (quality 82), or a generated image when there is no cover. `v` is only a cache key: the head gives the current one.',
  })
  @ApiQuery({
    name: 'v',
    required: false,
    schema: { type: 'string', pattern: OG_VERSION_PATTERN.source },
    description:
      'Version from the head fragment (changes with the cover): `<drawing>-<16 hex of the cover key>` or `<drawing>-default`',
  })
  @ApiErrors({ 400: [messages.invalidOgImageVersion] })
  @ApiResponse({
    status: 200,
    description: 'JPEG',
    content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  async ogImage(@Req() req: Request, @Res() res: Response): Promise<void> {
    const asked = req.query.v;
    if (asked !== undefined && (typeof asked !== 'string' || !OG_VERSION_PATTERN.test(asked))) {
      throw new ApiError(400, messages.invalidOgImageVersion);
    }
    const coverKey = await this.coverKey();
    const version = ogImageVersion(coverKey);
    const etag = `"og-${version}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', asked === version ? IMAGE_CACHE_CONTROL : 'no-cache');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      res.status(304).end();
      return;
    }
    const bytes = (coverKey && (await this.images.derived(coverKey, 'og', makeOgImage))) || (await fallbackOgImage());
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).end(bytes);
  }

  /** The current cover's image key, or null when none was ever uploaded. */
  private async coverKey(): Promise<string | null> {
    const [row] = await this.dataSource.query<{ image_key: string }[]>(`SELECT image_key FROM cover WHERE id = 1`);
    return row?.image_key ?? null;
  }
}
