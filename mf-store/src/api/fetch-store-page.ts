import type { JsonResponse } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** One page of the public read: `{ items, nextCursor }` (docs/decisions/0036-paged-public-read.md). */
export type StorePage = JsonResponse<'/api/store/page', 'get'>['product'];

/** Links per page the store asks for: the API's default, two screenfuls of cards on a desktop. */
export const STORE_PAGE_SIZE = 48;

/**
 * `GET /api/store/page`: the page after `after` (null: the first) of the links visitors see, in display order, only
 * those carrying `tag` when one is given. 400 (bad cursor or tag) rejects like any failed request.
 */
export async function fetchStorePage(after: string | null, tag: string | null): Promise<StorePage> {
  const params: Record<string, string> = { limit: String(STORE_PAGE_SIZE) };
  if (after) params.after = after;
  if (tag) params.tag = tag;
  const { product } = await getPublic<JsonResponse<'/api/store/page', 'get'>>('/store/page', params);
  return product;
}
