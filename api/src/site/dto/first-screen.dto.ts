import { CoverDto } from '../../cover/dto/cover.dto';
import { LinkDto } from '../../links/dto/link.dto';
import { PlanDto } from '../../plans/dto/plan.dto';
import { TagWordDto } from '../../tags/dto/tag-word.dto';

/**
 * What the first screen of `/` is drawn from (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md): the public reads the banner and
 * the first product cards need, each exactly as its own route answers it, in one answer, so the shell's server renders
 * `/` with one request and the apps start from the same data without fetching it again.
 */
export class FirstScreenDto {
  /**
   * The first page of `GET /api/store/page` (48 links, or with `tag` the first 48 carrying it), the same items in the
   * same order.
   */
  links!: LinkDto[];
  /** Whether `links` are all the links there are (that page's `nextCursor` is null). */
  linksComplete!: boolean;
  /**
   * That page's `nextCursor` (docs/decisions/0036-paged-public-read.md): pass it as `after` to `GET /api/store/page` for the rest; null when
   * `linksComplete`.
   */
  linksNextCursor!: string | null;
  /** The one tag `links` are filtered by (the page `/?tag=…`, GET /api/store/page's `tag`), or null for every link. */
  tag!: string | null;
  /** The keyword cloud's words, as `GET /api/tag/list` answers them. */
  tags!: TagWordDto[];
  /** The banner's schedule, as `GET /api/plan/list?upcoming=1` answers it. */
  plans!: PlanDto[];
  /** The cover, as `GET /api/cover` answers it: null when none was ever uploaded. */
  cover!: CoverDto | null;
  /**
   * Whether a popup slot takes bookings now (`GET /api/reserve/status`'s `open`, docs/decisions/0030-popup-bookings.md): the banner's and the
   * store's `팝업 예약하기` links are drawn when it is true.
   */
  reserveOpen!: boolean;
}

/** `GET /api/site/first-screen`: `{ product: FirstScreenDto }` (the docs/decisions/0001-response-envelope.md read envelope). */
export class FirstScreenResponse {
  product!: FirstScreenDto;
}
