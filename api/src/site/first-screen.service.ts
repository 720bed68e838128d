import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { BookingsService } from '../bookings/bookings.service';
import { earliest } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CoverService } from '../cover/cover.service';
import { LinksService } from '../links/links.service';
import { PlansService } from '../plans/plans.service';
import type { PublicRead } from '../public-cache/public-cache';
import { TagsService } from '../tags/tags.service';
import { type FirstScreenData, type FirstScreenRenderers, loadFirstScreenRenderers } from './first-screen-renderers';

/** Cards in the first screen: one page of the public read (issue 14 item 5's page size). */
export const FIRST_SCREEN_CARDS = 48;

/** The id of the page's data block, read by the shell and the remotes. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * The served `/`'s first screen (issue 14 item 1, docs/first-screen.md): the markup the shell's, mf-plans' and
 * mf-store's own components render from the public reads' data (cover, schedule banner, the first
 * {@link FIRST_SCREEN_CARDS} product cards), followed by that data as JSON for the app to start from. Rendered on a
 * cache miss only: the controller keeps the answer in the PublicCache, which every write empties.
 */
@Injectable()
export class FirstScreenService implements OnModuleInit {
  private readonly logger = new Logger('FirstScreen');
  private renderers: FirstScreenRenderers | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: LinksService,
    private readonly tags: TagsService,
    private readonly plans: PlansService,
    private readonly cover: CoverService,
    private readonly bookings: BookingsService,
  ) {}

  /** Loads the renderers once; without them (not built) the first screen is empty and a warning says why. */
  onModuleInit(): void {
    try {
      this.renderers = loadFirstScreenRenderers(this.config.firstScreenRenderersDir);
    } catch (error) {
      this.logger.warn(`첫 화면 렌더러를 불러오지 못해 첫 화면 없이 제공합니다: ${(error as Error).message}`);
    }
  }

  /** The stylesheet of the rendered markup ('' without renderers). */
  get css(): string {
    return this.renderers?.css ?? '';
  }

  /**
   * The fragment (`text/html`), or '' when there is no renderer or one threw (logged): the page then works as
   * without a first screen. Valid until the public reads it is made of change without a write (a link's window, the
   * plans' Seoul midnight, a popup slot opening or closing for bookings).
   */
  async read(tag: string | null = null): Promise<PublicRead> {
    const [page, tags, plans, cover, boundary, reserve] = await Promise.all([
      this.links.listVisiblePage({ limit: FIRST_SCREEN_CARDS, after: null, tag }),
      this.tags.counts(),
      this.plans.list(true),
      this.cover.current(),
      this.links.nextBoundary(),
      this.bookings.reserveStatus(),
    ]);
    const validUntil = earliest([boundary, this.plans.nextDay(), reserve.validUntil]);
    const data: FirstScreenData = {
      links: page.items,
      linksComplete: page.nextCursor === null,
      linksNextCursor: page.nextCursor,
      tag,
      tags,
      plans,
      cover,
      reserveOpen: reserve.open,
    };
    return { body: this.render(data), contentType: 'text/html; charset=utf-8', validUntil };
  }

  private render(data: FirstScreenData): string {
    if (!this.renderers) return '';
    try {
      const slots = Object.fromEntries(this.renderers.slots.map(({ slot, render }) => [slot, render(data)]));
      return `${this.renderers.frame.renderFrame(slots)}${dataBlock(data)}`;
    } catch (error) {
      this.logger.error(`첫 화면을 그리지 못했습니다: ${(error as Error).stack ?? String(error)}`);
      return '';
    }
  }
}

/**
 * `<script type="application/json" id="first-screen-data">`: `<` written as `\u003c`, so no text in the data (a link
 * named `</script>`) can end the block.
 */
export function dataBlock(data: FirstScreenData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${json}</script>`;
}
