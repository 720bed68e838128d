/** A word of the keyword cloud (spec §3 "Tag cloud word"). */
export class TagWordDto {
  /** The tag. */
  text!: string;
  /** How many links carry it. */
  value!: number;
}

/** `GET /api/tag/list`: the top 100 tags by value, then text (DECISIONS D3). */
export class TagListResponse {
  product!: TagWordDto[];
}
