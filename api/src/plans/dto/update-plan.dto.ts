import { CreatePlanDto } from './create-plan.dto';

/**
 * Body of `PUT /api/plan/update/:id` (DECISIONS D3): the whole plan again, with the rules of CreatePlanDto.
 * PUT replaces, so it is not a PartialType: the 일정 수정 form always sends every field, and a body with a
 * missing date is the same mistake as on create (`messages.requiredValues`), not "leave it unchanged".
 */
export class UpdatePlanDto extends CreatePlanDto {}
