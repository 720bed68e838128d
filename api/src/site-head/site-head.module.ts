import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { SiteHeadController } from './site-head.controller';

/**
 * The page's head from configuration and data (docs/decisions/0033-head-and-link-preview.md): `GET /api/site/head`,
 * `/api/site/manifest.webmanifest` and `/api/site/og.jpg` (site-head.controller.ts).
 */
@Module({ imports: [ImagesModule], controllers: [SiteHeadController] })
export class SiteHeadModule {}
