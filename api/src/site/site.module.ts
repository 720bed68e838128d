import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { CoverModule } from '../cover/cover.module';
import { LinksModule } from '../links/links.module';
import { PlansModule } from '../plans/plans.module';
import { TagsModule } from '../tags/tags.module';
import { FirstScreenService } from './first-screen.service';
import { SiteController } from './site.controller';

/**
 * The data of the first screen of `/`, which the shell's server renders
 * (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md).
 */
@Module({
  imports: [LinksModule, TagsModule, PlansModule, CoverModule, BookingsModule],
  controllers: [SiteController],
  providers: [FirstScreenService],
})
export class SiteModule {}
