import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { messages } from '../../common/messages';
import { Trim, TrimToNull } from '../../links/dto/link-fields';
import { ACCOUNT_ROLES, type AccountRole } from '../idp-accounts';

/**
 * Body of `POST /api/people/invitations` (docs/decisions/0080-people-invites-totp.md). Strings are trimmed; an empty `email` means none. Unknown
 * fields are refused (400). The first broken rule becomes the answer's `message` (rules are checked bottom-up).
 */
export class CreateInvitationDto {
  /** The sign-in name: 3–32 of a–z, 0–9, `.`, `_`, `-` (the embedded provider's rule, idp/README.md). */
  @ApiProperty({ minLength: 3, maxLength: 32, pattern: '^[a-z0-9._-]{3,32}$', example: 'haneul' })
  @Trim()
  @Matches(/^[a-z0-9._-]{3,32}$/, { message: messages.personUsernameInvalid })
  @IsNotEmpty({ message: messages.personUsernameRequired })
  @IsString({ message: messages.personUsernameRequired })
  username!: string;

  /** The person's name, 1–40 characters. */
  @ApiProperty({ minLength: 1, maxLength: 40, example: '김하늘' })
  @Trim()
  @MaxLength(40, { message: messages.personNameTooLong })
  @IsNotEmpty({ message: messages.personNameRequired })
  @IsString({ message: messages.personNameRequired })
  name!: string;

  /** Optional contact address, ≤ 254 characters; empty or null for none. */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 254, example: 'haneul@example.com' })
  @TrimToNull()
  @IsOptional()
  @MaxLength(254, { message: messages.personEmailInvalid })
  @IsEmail({}, { message: messages.personEmailInvalid })
  @IsString({ message: messages.personEmailInvalid })
  email?: string | null;

  /** `owner` 소유자, `editor` 편집자 or `staff` 스태프. */
  @ApiProperty({ enum: ACCOUNT_ROLES, example: 'staff' })
  @IsIn(ACCOUNT_ROLES, { message: messages.personRoleInvalid })
  role!: AccountRole;
}
