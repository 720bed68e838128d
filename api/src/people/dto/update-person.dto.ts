import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, ValidateIf } from 'class-validator';
import { messages } from '../../common/messages';
import { ACCOUNT_ROLES, type AccountRole } from '../idp-accounts';

/**
 * Body of `PATCH /api/people/:id` (docs/decisions/0080-people-invites-totp.md): a new role, and/or disabling (`true`) or enabling (`false`) the
 * account. At least one of them (else 400 `messages.personPatchEmpty`); unknown fields are refused.
 */
export class UpdatePersonDto {
  /** `owner` 소유자, `editor` 편집자 or `staff` 스태프. */
  @ApiPropertyOptional({ enum: ACCOUNT_ROLES, example: 'editor' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(ACCOUNT_ROLES, { message: messages.personRoleInvalid })
  role?: AccountRole;

  /** true: 사용 중지 (the account's sessions and refresh tokens end, its access tokens are refused); false: 다시 사용. */
  @ApiPropertyOptional({ type: Boolean, example: true })
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: messages.personDisabledInvalid })
  disabled?: boolean;
}
