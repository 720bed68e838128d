import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { CoverModule } from '../cover/cover.module';
import { LinksModule } from '../links/links.module';
import { PlansModule } from '../plans/plans.module';
import { TagsModule } from '../tags/tags.module';
import { FirstScreenService } from './first-screen.service';
import { SiteController } from './site.controller';

/** What the site's pages include from the API: the first screen of `/` (issue 14 item 1). */
@Module({
  imports: [LinksModule, TagsModule, PlansModule, CoverModule, BookingsModule],
  controllers: [SiteController],
  providers: [FirstScreenService],
})
export class SiteModule {}
