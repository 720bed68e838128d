import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { messages } from '../../common/messages';
import { CreatePlanDto } from './create-plan.dto';

/**
 * Body of `PUT /api/plan/update/:id` (docs/decisions/0003-api-calls.md): the whole plan again, with the rules of CreatePlanDto.
 * PUT replaces, so it is not a PartialType: the 일정 수정 form always sends every field, and a body with a
 * missing date is the same mistake as on create (`messages.requiredValues`), not "leave it unchanged".
 */
export class UpdatePlanDto extends CreatePlanDto {
  /**
   * The plan's `version` when the form loaded it (docs/decisions/0048-no-silent-overwrite.md): stale → 409 with the stored plan, nothing
   * changed. Omitted: saved whatever the stored version (older clients). The same as `If-Match: "<version>"`.
   */
  @ApiPropertyOptional({ type: Number, minimum: 1, example: 2 })
  @IsOptional()
  @Max(2_147_483_647, { message: messages.versionInvalid })
  @Min(1, { message: messages.versionInvalid })
  @IsInt({ message: messages.versionInvalid })
  version?: number;
}
