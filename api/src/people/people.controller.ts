import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { bearerToken, type AuthenticatedRequest } from '../auth/authenticated-request';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import {
  PeopleConflictResponse,
  PeopleListResponse,
  PersonInvitationResponse,
  PersonWriteResponse,
} from './dto/person.dto';
import { UpdatePersonDto } from './dto/update-person.dto';
import { ParseAccountIdPipe } from './parse-account-id.pipe';
import { PeopleService, type PeopleCaller } from './people.service';

/** Every sentence an invitation body's validation may answer with (CreateInvitationDto). */
const INVITATION_BODY_ERRORS = [
  messages.personUsernameRequired,
  messages.personUsernameInvalid,
  messages.personNameRequired,
  messages.personNameTooLong,
  messages.personEmailInvalid,
  messages.personRoleInvalid,
  messages.unknownField('<field>'),
];

/** The answers every people route may give besides its own. */
const IN_KEYCLOAK = { type: PeopleConflictResponse, sentences: [messages.peopleInKeycloak] };
const IDP_DOWN = [messages.peopleIdpUnavailable];
/** A 409 that may also come from the provider, with its own sentence. */
const CONFLICT = {
  type: PeopleConflictResponse,
  sentences: [messages.peopleInKeycloak, '<the identity provider’s sentence: username taken, the last active owner>'],
};

/** The caller of a request that passed AccessTokenGuard. */
const callerOf = (request: AuthenticatedRequest): PeopleCaller => ({
  actor: request.user!,
  token: bearerToken(request.headers.authorization)!,
  requestId: typeof request.id === 'string' ? request.id : null,
});

/**
 * The people who may sign in to the admin screens (docs/decisions/0080-people-invites-totp.md), for the owner only: no `@Roles()`, so the global
 * policy keeps every route to `owner` (deny by default). The accounts are the identity provider's; see PeopleService.
 * Answers are `Cache-Control: no-store`: they carry one-time links and email addresses.
 */
@ApiTags('people')
@Controller('people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  /**
   * `GET /api/people` → `{ product: PersonDto[] }`: every account with its role, status (active, invited, disabled) and
   * whether TOTP is set up. 409 `{ message, product: { consoleUrl } }` in Keycloak mode; 503 provider unreachable.
   */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '팀원 목록' })
  @ApiErrors({ 409: IN_KEYCLOAK, 503: IDP_DOWN })
  async list(@Req() request: AuthenticatedRequest): Promise<PeopleListResponse> {
    return { product: await this.people.list(callerOf(request)) };
  }

  /**
   * `POST /api/people/invitations` `{ username, name, email?, role }` → 201 `{ message, product: { person, invitation:
   * { url, expiresAt } } }`: a new account, invited, and its one-time link (24 h) for the owner to hand over. 400
   * validation (CreateInvitationDto) or the provider's; 409 the username is taken, or Keycloak mode; 503.
   */
  @Post('invitations')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '팀원 초대' })
  @ApiErrors({ 400: INVITATION_BODY_ERRORS, 409: CONFLICT, 503: IDP_DOWN })
  async invite(
    @Req() request: AuthenticatedRequest,
    @Body() body: CreateInvitationDto,
  ): Promise<PersonInvitationResponse> {
    return { message: messages.personInvited, product: await this.people.invite(callerOf(request), body) };
  }

  /**
   * `POST /api/people/:id/invitations`, no body → 201 `{ message, product: { person, invitation } }`: a new one-time
   * link with which the person sets a new password (the reset). 400 bad id, 404 unknown account, 409 Keycloak, 503.
   */
  @Post(':id/invitations')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '새 초대 링크 (비밀번호 재설정)' })
  @ApiParam({ name: 'id', type: String, description: 'the account id (the `sub` of its tokens)' })
  @ApiErrors({ 400: [messages.personIdInvalid], 404: [messages.personNotFound], 409: IN_KEYCLOAK, 503: IDP_DOWN })
  async reinvite(
    @Req() request: AuthenticatedRequest,
    @Param('id', ParseAccountIdPipe) id: string,
  ): Promise<PersonInvitationResponse> {
    return { message: messages.personReinvited, product: await this.people.reinvite(callerOf(request), id) };
  }

  /**
   * `PATCH /api/people/:id` `{ role?, disabled? }` → `{ message, product: PersonDto }`. Disabling ends the account's
   * sessions and refresh tokens in the provider, and the API refuses its access tokens from its next request, in every
   * API process (401 `messages.accountDisabled`). 400 validation or an empty body, 404 unknown account, 409 the last
   * active owner (or Keycloak mode), 503.
   */
  @Patch(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '팀원 역할 변경 · 사용 중지 · 다시 사용' })
  @ApiParam({ name: 'id', type: String, description: 'the account id (the `sub` of its tokens)' })
  @ApiErrors({
    400: [
      messages.personIdInvalid,
      messages.personRoleInvalid,
      messages.personDisabledInvalid,
      messages.personPatchEmpty,
      messages.unknownField('<field>'),
    ],
    404: [messages.personNotFound],
    409: CONFLICT,
    503: IDP_DOWN,
  })
  async update(
    @Req() request: AuthenticatedRequest,
    @Param('id', ParseAccountIdPipe) id: string,
    @Body() body: UpdatePersonDto,
  ): Promise<PersonWriteResponse> {
    const { person, message } = await this.people.update(callerOf(request), id, body);
    return { message, product: person };
  }
}
