import type { JsonResponse, Link, LinkOrderConflictBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** The answer to a move: the server's ordered list, and whether it refused the move as stale (409). */
export interface MoveResult {
  conflict: boolean;
  message: string;
  product: Link[];
}

type MoveAnswer = JsonResponse<'/api/main/update/order/{id}/{to}/{from}', 'put'> | LinkOrderConflictBody;

/**
 * `PUT /api/main/update/order/:id/:to/:from` with `{ pcode: to }` (docs/decisions/0003-api-calls.md): move link `id`
 * from position `from` to position `to` (0-based, in `pcode` order). A 409 (another admin moved something first) is an
 * answer, not a failure: it carries the current list, which the screen shows instead. Other failures reject as
 * ApiError.
 */
export async function moveLink(id: number, to: number, from: number): Promise<MoveResult> {
  const response = await http.put<MoveAnswer>(
    `/main/update/order/${id}/${to}/${from}`,
    { pcode: to },
    { validateStatus: (status) => (status >= 200 && status < 300) || status === 409 },
  );
  return { conflict: response.status === 409, message: response.data.message, product: response.data.product };
}
