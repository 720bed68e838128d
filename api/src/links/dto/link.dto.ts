import { ApiProperty } from '@nestjs/swagger';
import type { LinkVisibility } from '../link-visibility';
import { LINK_DISCLOSURES, type LinkDisclosure } from '../../common/shared-rules';
import { ErrorResponse } from '../../common/dto/error-response.dto';

/** A link (product card) as the API answers it (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md). */
export class LinkDto {
  id!: number;
  /** Name, 1–100 characters. */
  pname!: string;
  /** Tags joined by `/`, the public page's reading. */
  tag!: string;
  /** The tags, in the order they were entered. */
  tags!: string[];
  /** Purchase-site http(s) URL; null: the card is not clickable. */
  link!: string | null;
  /** `/api/images/<key>` for an uploaded image, else the external URL, else null. */
  imagelink!: string | null;
  /** 0-based order position. */
  pcode!: number;
  /** Shown to visitors at all (the 숨김 switch). */
  enabled!: boolean;
  /** The label the public card starts with (docs/decisions/0070-disclosure-label.md): `none`, `ad` 광고, `sponsored` 협찬, `affiliate` 제휴. */
  @ApiProperty({ enum: LINK_DISCLOSURES })
  disclosure!: LinkDisclosure;
  /** First instant the card shows (ISO 8601, UTC), or null. */
  showFrom!: string | null;
  /** First instant the card no longer shows (ISO 8601, UTC), or null. */
  showUntil!: string | null;
  /** Where the link stands at the API's "now": on the public page, switched off, not open yet, or closed. */
  @ApiProperty({ enum: ['visible', 'hidden', 'scheduled', 'ended'] })
  visibility!: LinkVisibility;
  /** For a scheduled link, whole days (Asia/Seoul) until it opens (the badge's D-n); otherwise null. */
  opensInDays!: number | null;
  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every saved edit. Send it back with an update or delete
   * (`If-Match: "<version>"`, or `version` in an update's body) to be refused with 409 instead of overwriting
   * another administrator's newer change.
   */
  version!: number;
}

/** `GET /api/store`: every link ordered by pcode. */
export class LinkListResponse {
  product!: LinkDto[];
}

/** `GET /api/main/select/:id`. */
export class LinkResponse {
  product!: LinkDto;
}

/** A link write's answer: `{ message, product }` (docs/decisions/0001-response-envelope.md). */
export class LinkWriteResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: LinkDto;
}

/** The reorder's answer: `{ message, product }` with the whole list in its new order (docs/decisions/0003-api-calls.md). */
export class LinkOrderResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: LinkDto[];
}

/**
 * A stale update's or delete's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the link as stored now, so the form
 * can show what changed and apply the administrator's edit on top of it.
 */
export class LinkConflictResponse extends ErrorResponse {
  product!: LinkDto;
}

/** A stale reorder's 409 (docs/decisions/0003-api-calls.md): the error envelope plus the current ordered list, so the screen can refresh. */
export class LinkOrderConflictResponse extends ErrorResponse {
  product!: LinkDto[];
}

/** One page of the public read (docs/decisions/0036-paged-public-read.md): the links in display order and where the next page starts. */
export class LinkPage {
  /** The links of this page, the shape of `GET /api/store`'s, ordered by pcode then id. */
  items!: LinkDto[];
  /** Pass as `after` for the next page; null on the last page. Opaque: only this API's cursors are accepted. */
  nextCursor!: string | null;
}

/** `GET /api/store/page`: `{ product: { items, nextCursor } }` (the docs/decisions/0001-response-envelope.md read envelope). */
export class LinkPageResponse {
  product!: LinkPage;
}
