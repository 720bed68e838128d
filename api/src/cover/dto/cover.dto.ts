import { ErrorResponse } from '../../common/dto/error-response.dto';

/** The current cover image (docs/decisions/0002-entities.md: at most one). */
export class CoverDto {
  /** `/api/images/<key>`. */
  imagelink!: string;
  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 for the first cover, +1 on every replace. Send it back with the next replace
   * (`If-Match: "<version>"`) to be refused with 409 instead of replacing a cover someone else set meanwhile.
   */
  version!: number;
}

/** `GET /api/cover`: the cover, or null when none was ever uploaded. */
export class CoverResponse {
  product!: CoverDto | null;
}

/** `POST /api/cover/image`'s answer: what was done, and the cover now (with its new version). */
export class CoverWriteResponse {
  /** One Korean sentence. */
  message!: string;
  product!: CoverDto;
}

/**
 * A stale cover replace's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the cover as stored now (null when there is
 * none), so the screen can show the current cover beside the administrator's image.
 */
export class CoverConflictResponse extends ErrorResponse {
  product!: CoverDto | null;
}
