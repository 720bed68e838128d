/** The current cover image (DECISIONS D2: at most one). */
export class CoverDto {
  /** `/api/images/<key>`. */
  imagelink!: string;
}

/** `GET /api/cover`: the cover, or null when none was ever uploaded. */
export class CoverResponse {
  product!: CoverDto | null;
}
