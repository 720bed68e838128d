import type { JsonResponse } from '@linksite/contract';
import { http, type SessionUser } from '@linksite/platform';

/**
 * `POST /api/login` with the bearer token: upserts the administrator and answers the record
 * (docs/product.md#7-api-calls, docs/decisions/0001-response-envelope.md: `data.product`).
 * @throws ApiError 401 `로그인이 필요합니다.`, 403 `관리자 권한이 없습니다.`
 */
export async function postLogin(): Promise<SessionUser> {
  const { data } = await http.post<JsonResponse<'/api/login', 'post'>>('/login');
  return data.product;
}
