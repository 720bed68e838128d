import type { JsonResponse, Link } from '@linksite/contract';
import { http } from '@linksite/platform';

/** `GET /api/main/list` (administrator): every link, hidden ones too, ordered by `pcode`, with its visibility. */
export async function fetchLinks(): Promise<Link[]> {
  const { data } = await http.get<JsonResponse<'/api/main/list', 'get'>>('/main/list');
  return data.product;
}
