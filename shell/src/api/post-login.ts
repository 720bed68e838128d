import { http, type ReadEnvelope, type SessionUser } from '@linksite/platform';

/**
 * `POST /api/login` with the bearer token: upserts the administrator and answers the record (spec §7). Reads
 * `data.product` (DECISIONS D1) and accepts a bare record too.
 * @throws ApiError 401 `로그인이 필요합니다.`, 403 `관리자 권한이 없습니다.`
 */
export async function postLogin(): Promise<SessionUser> {
  const { data } = await http.post<ReadEnvelope<SessionUser> | SessionUser>('/login');
  return 'product' in data ? data.product : data;
}
