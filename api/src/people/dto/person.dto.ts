import { ApiProperty } from '@nestjs/swagger';
import { ErrorResponse } from '../../common/dto/error-response.dto';
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, type AccountRole, type AccountStatus } from '../idp-accounts';

/** One person who may sign in to the admin screens (docs/decisions/0080-people-invites-totp.md), as the identity provider keeps the account. */
export class PersonDto {
  /** The account's id: the `sub` of its access tokens. */
  id!: string;
  /** The sign-in name (아이디). */
  username!: string;
  /** The person's name as the screens show it (`김하늘`). */
  name!: string;
  /** Optional contact address; null when none was given. */
  email!: string | null;
  /** `owner` 소유자, `editor` 편집자 or `staff` 스태프 (docs/decisions/0079-roles.md). */
  @ApiProperty({ enum: ACCOUNT_ROLES })
  role!: AccountRole;
  /** `active` 사용 중, `invited` 초대됨 (has not set a password yet), `disabled` 사용 중지. */
  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status!: AccountStatus;
  /** Whether two-factor sign-in (TOTP) is set up. */
  totp!: boolean;
  /** When the account was created (ISO 8601). */
  createdAt!: string;
  /** When the open invitation link expires (ISO 8601), or null when none is open. */
  invitationExpiresAt!: string | null;
}

/** A one-time link that lets the person set their own password; valid 24 hours, once. */
export class InvitationDto {
  /** The link to hand over. Shown once, never logged or kept by the API. */
  url!: string;
  /** When it stops working (ISO 8601). */
  expiresAt!: string;
}

/** The person and their new link. */
export class PersonInvitationDto {
  person!: PersonDto;
  invitation!: InvitationDto;
}

/** `GET /api/people`. */
export class PeopleListResponse {
  /** Every account, as the identity provider lists them. */
  product!: PersonDto[];
}

/** `POST /api/people/invitations`, `POST /api/people/:id/invitations`. */
export class PersonInvitationResponse {
  /** One Korean sentence. */
  message!: string;
  product!: PersonInvitationDto;
}

/** `PATCH /api/people/:id`. */
export class PersonWriteResponse {
  /** One Korean sentence. */
  message!: string;
  product!: PersonDto;
}

/** Where Keycloak's own user management is. */
export class PeopleConsoleDto {
  /** Keycloak's admin console, users page of the realm (`<base>/admin/<realm>/console/#/<realm>/users`). */
  consoleUrl!: string;
}

/**
 * A 409 of `/api/people`: in Keycloak mode (every route) the sentence and the console's address in `product`; from the
 * identity provider (username taken, the last active owner) its sentence alone.
 */
export class PeopleConflictResponse extends ErrorResponse {
  /** Keycloak mode only. */
  product?: PeopleConsoleDto;
}
