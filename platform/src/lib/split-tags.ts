/**
 * Tags of the public page's `tag` string: split on '/', trimmed, empty parts skipped
 * (docs/product.md#2-screens-and-routes).
 */
export function splitTags(tag: string | null | undefined): string[] {
  if (!tag) return [];
  return tag
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
