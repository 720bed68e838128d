import { Injectable } from '@nestjs/common';
import { BookingsService } from '../bookings/bookings.service';
import { earliest } from '../common/clock';
import { CoverService } from '../cover/cover.service';
import { LinksService } from '../links/links.service';
import { PlansService } from '../plans/plans.service';
import { TagsService } from '../tags/tags.service';
import type { FirstScreenDto } from './dto/first-screen.dto';

/** Cards in the first screen: one page of the public read (docs/decisions/0036-paged-public-read.md's page size). */
export const FIRST_SCREEN_CARDS = 48;

/**
 * The data of the served `/`'s first screen (docs/decisions/0032-server-rendered-first-screen.md,
 * docs/first-screen.md), read from the same services as the public reads it gathers. Read on a cache miss only: the
 * controller keeps the answer in the PublicCache, which every write empties.
 */
@Injectable()
export class FirstScreenService {
  constructor(
    private readonly links: LinksService,
    private readonly tags: TagsService,
    private readonly plans: PlansService,
    private readonly cover: CoverService,
    private readonly bookings: BookingsService,
  ) {}

  /**
   * The first screen for `tag` (null: every link), and `validUntil`: the instant it changes without a write, the
   * earliest of the next opening or closing of a link's window, the plans' next Seoul midnight and the next time a
   * popup slot opens or closes for bookings (null when only a write changes it).
   */
  async read(tag: string | null = null): Promise<{ firstScreen: FirstScreenDto; validUntil: Date | null }> {
    const [page, tags, plans, cover, boundary, reserve] = await Promise.all([
      this.links.listVisiblePage({ limit: FIRST_SCREEN_CARDS, after: null, tag }),
      this.tags.counts(),
      this.plans.list(true),
      this.cover.current(),
      this.links.nextBoundary(),
      this.bookings.reserveStatus(),
    ]);
    return {
      firstScreen: {
        links: page.items,
        linksComplete: page.nextCursor === null,
        linksNextCursor: page.nextCursor,
        tag,
        tags,
        plans,
        cover,
        reserveOpen: reserve.open,
      },
      validUntil: earliest([boundary, this.plans.nextDay(), reserve.validUntil]),
    };
  }
}
