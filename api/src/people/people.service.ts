import { Injectable, Logger } from '@nestjs/common';
import { DisabledAccounts } from '../admins/disabled-accounts';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import type { CreateInvitationDto } from './dto/create-invitation.dto';
import type { PersonDto, PersonInvitationDto } from './dto/person.dto';
import type { UpdatePersonDto } from './dto/update-person.dto';
import { IdpAccounts, IdpRefused, IdpUnavailable, type IdpAccount } from './idp-accounts';

/** Who asks, with what: the owner's principal, the bearer token the identity provider checks again, the request id. */
export interface PeopleCaller {
  actor: Principal;
  token: string;
  requestId: string | null;
}

const HANGUL = /[가-힣]/;

/** What the audit trail keeps of an account: never its email address or an invitation link. */
export function personSnapshot(account: IdpAccount): Record<string, string> {
  return { id: account.id, username: account.username, name: account.name, role: account.role, status: account.status };
}

/** The account as `/api/people` answers it. */
export function personOf(account: IdpAccount): PersonDto {
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    // The embedded provider writes '' for none.
    email: account.email || null,
    role: account.role,
    status: account.status,
    totp: account.totp,
    createdAt: account.createdAt,
    invitationExpiresAt: account.invitationExpiresAt ?? null,
  };
}

/**
 * The owner's management of the people who may sign in (docs/decisions/0080-people-invites-totp.md): the accounts live
 * in the identity provider, so each call is forwarded to its account API (IdpAccounts) with the owner's token.
 * Disabling also sets `administrators.disabled_at` (DisabledAccounts), so every API process refuses the account's
 * access tokens at once, not only once they expire. Each change is written to the audit trail here (the route's own
 * entry, entity `person`, snapshots {@link personSnapshot}), since the global interceptor has no table to read an
 * account from.
 *
 * Errors: Keycloak mode 409 `messages.peopleInKeycloak` with `{ consoleUrl }` in `product`; the provider unreachable
 * (or answering 5xx or another shape) 503 `messages.peopleIdpUnavailable`; its 4xx passed on with its Korean sentence
 * (400 validation, 404 unknown account, 409 username taken or the last active owner).
 */
@Injectable()
export class PeopleService {
  private readonly logger = new Logger('PeopleService');

  constructor(
    private readonly idp: IdpAccounts,
    private readonly disabledAccounts: DisabledAccounts,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Every account, in the provider's order. */
  async list(caller: PeopleCaller): Promise<PersonDto[]> {
    this.requireEmbedded();
    return (await this.forward(() => this.idp.list(caller.token))).map(personOf);
  }

  /** Invites a person: a new account in the state `invited`, and its one-time link (24 h). */
  async invite(caller: PeopleCaller, body: CreateInvitationDto): Promise<PersonInvitationDto> {
    this.requireEmbedded();
    const { account, invitation } = await this.forward(() =>
      this.idp.invite(caller.token, {
        username: body.username,
        name: body.name,
        ...(body.email ? { email: body.email } : {}),
        role: body.role,
      }),
    );
    await this.record(caller, 'POST', '/api/people/invitations', null, account, 201);
    return { person: personOf(account), invitation };
  }

  /** A new one-time link for an existing account (the password reset). */
  async reinvite(caller: PeopleCaller, id: string): Promise<PersonInvitationDto> {
    this.requireEmbedded();
    const { account, invitation } = await this.forward(() => this.idp.reinvite(caller.token, id));
    await this.record(caller, 'POST', '/api/people/:id/invitations', account, account, 201);
    return { person: personOf(account), invitation };
  }

  /**
   * Changes the role and/or disables or enables the account. The provider first (it ends the account's sessions and
   * refresh tokens), then `administrators.disabled_at`, which every API process hears of at once.
   * @returns the account and the sentence for the answer.
   */
  async update(
    caller: PeopleCaller,
    id: string,
    patch: UpdatePersonDto,
  ): Promise<{ person: PersonDto; message: string }> {
    this.requireEmbedded();
    if (patch.role === undefined && patch.disabled === undefined) {
      throw new ApiError(400, messages.personPatchEmpty, [{ field: 'role', message: messages.personPatchEmpty }]);
    }
    const before = (await this.forward(() => this.idp.list(caller.token))).find((account) => account.id === id);
    if (!before) throw new ApiError(404, messages.personNotFound);
    const account = await this.forward(() =>
      this.idp.update(caller.token, id, {
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      }),
    );
    if (patch.disabled !== undefined) {
      await this.disabledAccounts.setDisabled(
        { sub: account.id, username: account.username, name: account.name },
        patch.disabled ? this.clock.now() : null,
      );
    }
    await this.record(caller, 'PATCH', '/api/people/:id', before, account, 200);
    const message =
      patch.disabled === true
        ? messages.personDisabled
        : patch.disabled === false
          ? messages.personEnabled
          : messages.personUpdated;
    return { person: personOf(account), message };
  }

  private requireEmbedded(): void {
    const admin = this.idp.admin;
    if (admin.kind === 'keycloak') {
      throw new ApiError(409, messages.peopleInKeycloak, undefined, { consoleUrl: admin.consoleUrl });
    }
  }

  /** Runs one call to the provider and turns its failures into the API's answers (see the class comment). */
  private async forward<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof IdpUnavailable) {
        this.logger.warn(error.message);
        throw new ApiError(503, messages.peopleIdpUnavailable);
      }
      if (error instanceof IdpRefused) {
        const sentence = error.sentence && HANGUL.test(error.sentence) ? error.sentence : null;
        if (error.status === 401) throw new ApiError(401, messages.unauthorized);
        if (error.status === 403) throw new ApiError(403, sentence ?? messages.forbidden);
        if (error.status === 404) throw new ApiError(404, sentence ?? messages.personNotFound);
        if (error.status === 409) throw new ApiError(409, sentence ?? messages.conflict);
        throw new ApiError(400, sentence ?? messages.personRefused);
      }
      throw error;
    }
  }

  /** One audit entry (entity `person`, no id: accounts are not rows of ours). Logged, never thrown, when it fails. */
  private async record(
    caller: PeopleCaller,
    method: string,
    route: string,
    before: IdpAccount | null,
    after: IdpAccount,
    status: number,
  ): Promise<void> {
    try {
      await this.audit.record({
        at: this.clock.now(),
        actorSub: caller.actor.sub,
        actorName: caller.actor.username,
        method,
        route,
        entity: 'person',
        entityId: null,
        before: before ? personSnapshot(before) : null,
        after: personSnapshot(after),
        status,
        requestId: caller.requestId,
      });
    } catch (error) {
      this.logger.error(`audit entry not written for ${method} ${route}`, (error as Error).stack);
    }
  }
}
