/** A word of the keyword cloud (docs/product.md#3-entities "Tag cloud word"). */
export class TagWordDto {
  /** The tag. */
  text!: string;
  /** How many links carry it. */
  value!: number;
}

/** `GET /api/tag/list`: the top 100 tags by value, then text (docs/decisions/0003-api-calls.md). */
export class TagListResponse {
  product!: TagWordDto[];
}
