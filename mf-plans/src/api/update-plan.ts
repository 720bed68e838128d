import type { JsonResponse, Plan, PlanBody, PlanConflictBody } from '@linksite/contract';
import { http } from '@linksite/platform';

/** A versioned plan save's answer: saved, or refused as stale (409) with the plan as another administrator left it. */
export interface PlanSaveResult {
  conflict: boolean;
  message: string;
  /** The stored plan (on 409); the saved plan otherwise, when the API sends it. */
  product?: Plan;
}

/**
 * `PUT /api/plan/update/:id` (administrator) with the `version` the form loaded
 * (docs/decisions/0048-no-silent-overwrite.md). A 409 (another administrator saved first; nothing changed) is an answer
 * carrying the stored plan; other failures reject.
 */
export async function updatePlan(id: string, plan: PlanBody, version?: number): Promise<PlanSaveResult> {
  const response = await http.put<JsonResponse<'/api/plan/update/{id}', 'put'> | PlanConflictBody>(
    `/plan/update/${encodeURIComponent(id)}`,
    { ...plan, version },
    { validateStatus: (status) => (status >= 200 && status < 300) || status === 409 },
  );
  const { message, product } = response.data;
  return { conflict: response.status === 409, message, product };
}
