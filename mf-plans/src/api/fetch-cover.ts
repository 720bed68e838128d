import type { Cover, JsonResponse } from '@linksite/contract';
import { getPublic } from '@linksite/platform';

/** `GET /api/cover`: the current cover image, or null when none was uploaded (docs/decisions/0003-api-calls.md). */
export async function fetchCover(): Promise<Cover | null> {
  const { product } = await getPublic<JsonResponse<'/api/cover', 'get'>>('/cover');
  return product;
}
