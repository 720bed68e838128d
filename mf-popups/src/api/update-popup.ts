import type { JsonResponse, Popup, PopupBody, PopupConflictBody } from '@linksite/contract';
import { ApiError, http } from '@linksite/platform';

/**
 * A versioned slot save's answer (docs/decisions/0048-no-silent-overwrite.md): saved, with the server's message and the
 * saved slot; or refused as stale (409), with the server's message and the slot as another administrator left it.
 */
export type PopupSaveResult =
  { conflict: false; message: string; product: Popup } | { conflict: true; message: string; product: Popup };

/**
 * `PUT /api/popup/update/:id` (administrator) with the `version` the form loaded, as `If-Match: "<version>"`
 * (docs/decisions/0048-no-silent-overwrite.md; none: the old overwrite). A stale version's 409 is an answer carrying
 * the stored slot; every other failure, the 409s of the booking counts included, rejects as ApiError with the server's
 * sentence. The spec's popup edit calls the plan path; docs/decisions/0003-api-calls.md calls that a defect, so popups
 * have their own.
 */
export async function updatePopup(id: string, popup: PopupBody, version?: number): Promise<PopupSaveResult> {
  const response = await http.put<JsonResponse<'/api/popup/update/{id}', 'put'> | PopupConflictBody>(
    `/popup/update/${encodeURIComponent(id)}`,
    popup,
    {
      headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
      validateStatus: (status) => (status >= 200 && status < 300) || status === 409,
    },
  );
  const { message, product } = response.data;
  if (response.status !== 409) return { conflict: false, message, product: product! };
  if (!product) throw new ApiError(message, 409);
  return { conflict: true, message, product };
}
