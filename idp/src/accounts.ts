import { randomUUID } from 'node:crypto';
import { accountKey } from './login-limiter.js';
import { messages } from './messages.js';
import type { PasswordHash } from './password-hash.js';
import type { PayloadTable } from './storage/payload-table.js';

/**
 * The people who may sign in (docs/decisions/0080-people-invites-totp.md), kept in the provider's store (storage/:
 * `DATA_DIR/idp/store.json`, or PostgreSQL with IDP_DATABASE_URL) as one row, model {@link ACCOUNTS_MODEL}, so that
 * every change (a username taken, the last owner, a TOTP step used, an invitation spent) is checked and written in one
 * atomic step ({@link PayloadTable.modify}), also between replicas. A site has a handful of accounts, so one row is
 * enough.
 */

/** Realm roles, as Keycloak's `realm_access.roles` carries them. */
export const ROLES = ['owner', 'editor', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export type AccountStatus = 'active' | 'invited' | 'disabled';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A TOTP authenticator (RFC 6238, 30 s steps): its base32 secret and the last time step accepted (replay guard). */
export interface TotpEnrolment {
  secret: string;
  /** The counter `floor(unix seconds / 30)` of the last code accepted; -1 before any. */
  lastUsedStep: number;
}

/** What a person opening the invitation link has done so far, bound to their browser's cookie nonce. */
export interface InvitationFlow {
  /** SHA-256 (base64url) of the flow cookie's nonce. */
  nonceHash: string;
  /** Set once the password step passed. */
  passwordHash?: PasswordHash;
  /** The authenticator secret being enrolled (shown as a QR code until one code confirms it). */
  totpSecret?: string;
}

/** The account's current one-time link (one at a time; a new one replaces it). */
export interface PendingInvitation {
  /** SHA-256 (base64url) of the token in the link; the token itself is never stored. */
  tokenHash: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  flow?: InvitationFlow;
}

/** An account as stored. */
export interface Account {
  /** `sub`, a UUID. */
  id: string;
  username: string;
  name: string;
  /** Empty when none was given. */
  email: string;
  role: Role;
  status: AccountStatus;
  /** Null until the person sets a password through an invitation. */
  passwordHash: PasswordHash | null;
  totp: TotpEnrolment | null;
  /** SHA-256 hashes (recovery-codes.ts) of the unused recovery codes. */
  recoveryCodes: string[];
  /** ISO 8601. */
  createdAt: string;
  invitation: PendingInvitation | null;
  /** Hashes of links that no longer work, and why, so a reused link gets the right message (the last 20). */
  retiredInvitations: { tokenHash: string; reason: 'used' | 'replaced' }[];
  /** True for the bootstrap administrator (ADMIN_USERNAME …), whose username, name and e-mail follow the environment. */
  bootstrap?: boolean;
}

/** An account as the administration API shows it: never a hash or a secret. */
export interface AccountView {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
  status: AccountStatus;
  /** Whether an authenticator is enrolled. */
  totp: boolean;
  createdAt: string;
  /** ISO 8601 expiry of the pending invitation link (also when already past); null when there is none. */
  invitationExpiresAt: string | null;
}

export function accountView(account: Account): AccountView {
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    email: account.email,
    role: account.role,
    status: account.status,
    totp: account.totp !== null,
    createdAt: account.createdAt,
    invitationExpiresAt: account.invitation ? new Date(account.invitation.expiresAt).toISOString() : null,
  };
}

/** A refused change, with the HTTP status and the Korean message the administration API answers. */
export class AccountError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** The state of an invitation link, found by its token's hash. */
export type InvitationLookup =
  | { state: 'valid'; account: Account; invitation: PendingInvitation }
  | { state: 'expired' | 'used' | 'replaced' | 'disabled'; account: Account }
  | { state: 'unknown' };

export const ACCOUNTS_MODEL = 'Accounts';
const ROW_ID = 'all';
const RETIRED_KEPT = 20;

interface AccountsRow extends Record<string, unknown> {
  version: 1;
  accounts: Account[];
}

const isActiveOwner = (a: Account) => a.role === 'owner' && a.status === 'active';

function retire(account: Account, reason: 'used' | 'replaced'): void {
  if (!account.invitation) return;
  account.retiredInvitations = [
    { tokenHash: account.invitation.tokenHash, reason },
    ...account.retiredInvitations,
  ].slice(0, RETIRED_KEPT);
  account.invitation = null;
}

/** Accounts over the provider's {@link PayloadTable}. Every method reads the store afresh (replicas share it). */
export class AccountStore {
  constructor(
    private readonly table: PayloadTable,
    private readonly now: () => number = Date.now,
  ) {}

  private async read(): Promise<Account[]> {
    const row = (await this.table.find(ACCOUNTS_MODEL, ROW_ID)) as AccountsRow | undefined;
    return row?.accounts ?? [];
  }

  /**
   * Applies `change` to the accounts atomically. `change` may throw an {@link AccountError} (nothing is written) and
   * returns its result; returning `{ write: false }` leaves the store untouched.
   */
  private async change<T>(change: (accounts: Account[]) => { result: T; write?: boolean }): Promise<T> {
    let result!: T;
    await this.table.modify(ACCOUNTS_MODEL, ROW_ID, (current) => {
      const accounts = (current as AccountsRow | undefined)?.accounts ?? [];
      const outcome = change(accounts);
      result = outcome.result;
      return outcome.write === false ? undefined : ({ version: 1, accounts } satisfies AccountsRow);
    });
    return result;
  }

  async list(): Promise<Account[]> {
    return this.read();
  }

  async findById(id: string): Promise<Account | undefined> {
    return (await this.read()).find((a) => a.id === id);
  }

  /** By username as typed at sign-in (trimmed, case-insensitive). */
  async findByUsername(username: string): Promise<Account | undefined> {
    const wanted = accountKey(username);
    return (await this.read()).find((a) => accountKey(a.username) === wanted);
  }

  /**
   * Creates or updates the bootstrap administrator (admin-account.ts) with the subject `id`: created as an active
   * `owner` with `passwordHash` (when the store has no account with that id); afterwards its username, name and e-mail
   * follow the environment, `passwordHash` replaces the stored one only when `replacePassword`, and `totpSecret`
   * (ADMIN_TOTP_SECRET) replaces its authenticator when it differs. Role and status are never changed here: an owner may
   * have changed them. Returns the account and whether it was created.
   * @throws AccountError 409 when another account already has the username.
   */
  async ensureBootstrap(input: {
    id: string;
    username: string;
    name: string;
    email: string;
    passwordHash: PasswordHash | undefined;
    replacePassword: boolean;
    totpSecret: string | undefined;
  }): Promise<{ account: Account; created: boolean }> {
    return this.change((accounts) => {
      const clash = accounts.find((a) => a.id !== input.id && accountKey(a.username) === accountKey(input.username));
      if (clash) throw new AccountError(409, messages.usernameTaken);
      let account = accounts.find((a) => a.id === input.id);
      const created = !account;
      if (!account) {
        account = {
          id: input.id,
          username: input.username,
          name: input.name,
          email: input.email,
          role: 'owner',
          status: 'active',
          passwordHash: input.passwordHash ?? null,
          totp: null,
          recoveryCodes: [],
          createdAt: new Date(this.now()).toISOString(),
          invitation: null,
          retiredInvitations: [],
          bootstrap: true,
        };
        accounts.push(account);
      }
      account.username = input.username;
      account.name = input.name;
      account.email = input.email;
      if (input.replacePassword && input.passwordHash) account.passwordHash = input.passwordHash;
      if (input.totpSecret && account.totp?.secret !== input.totpSecret) {
        account.totp = { secret: input.totpSecret, lastUsedStep: -1 };
      }
      return { result: { account, created } };
    });
  }

  /**
   * A new account in status `invited` with the pending link `tokenHash` (expiring at `expiresAt`, epoch ms).
   * @throws AccountError 409 when the username is taken (case-insensitively).
   */
  async invite(
    input: { username: string; name: string; email: string; role: Role },
    tokenHash: string,
    expiresAt: number,
  ): Promise<Account> {
    return this.change((accounts) => {
      if (accounts.some((a) => accountKey(a.username) === accountKey(input.username))) {
        throw new AccountError(409, messages.usernameTaken);
      }
      const account: Account = {
        id: randomUUID(),
        ...input,
        status: 'invited',
        passwordHash: null,
        totp: null,
        recoveryCodes: [],
        createdAt: new Date(this.now()).toISOString(),
        invitation: { tokenHash, expiresAt },
        retiredInvitations: [],
      };
      accounts.push(account);
      return { result: account };
    });
  }

  /**
   * A new link for an existing account (a password reset, or a fresh invitation): its older link stops working.
   * @throws AccountError 404 (no such account), 409 (the account is disabled).
   */
  async reissueInvitation(id: string, tokenHash: string, expiresAt: number): Promise<Account> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.id === id);
      if (!account) throw new AccountError(404, messages.accountNotFound);
      if (account.status === 'disabled') throw new AccountError(409, messages.invitationForDisabled);
      retire(account, 'replaced');
      account.invitation = { tokenHash, expiresAt };
      return { result: account };
    });
  }

  /**
   * Changes the role and/or disables (`disabled: true`) or enables again (`false`: `active` when it has a password,
   * else `invited`). Returns the account after the change and whether it became disabled now.
   * @throws AccountError 404; 409 when the change would leave no active owner.
   */
  async update(
    id: string,
    patch: { role?: Role; disabled?: boolean },
  ): Promise<{ account: Account; disabledNow: boolean }> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.id === id);
      if (!account) throw new AccountError(404, messages.accountNotFound);
      const wasActiveOwner = isActiveOwner(account);
      const wasDisabled = account.status === 'disabled';
      const next: Account = { ...account };
      if (patch.role !== undefined) next.role = patch.role;
      if (patch.disabled === true) next.status = 'disabled';
      if (patch.disabled === false && wasDisabled) next.status = next.passwordHash ? 'active' : 'invited';
      if (wasActiveOwner && !isActiveOwner(next) && !accounts.some((a) => a.id !== id && isActiveOwner(a))) {
        throw new AccountError(409, messages.lastOwner);
      }
      Object.assign(account, next);
      return { result: { account, disabledNow: !wasDisabled && account.status === 'disabled' } };
    });
  }

  /** Finds the account whose current or retired link has `tokenHash`, and says whether the link still works. */
  async lookupInvitation(tokenHash: string): Promise<InvitationLookup> {
    const accounts = await this.read();
    for (const account of accounts) {
      const invitation = account.invitation;
      if (invitation?.tokenHash === tokenHash) {
        if (account.status === 'disabled') return { state: 'disabled', account };
        if (invitation.expiresAt <= this.now()) return { state: 'expired', account };
        return { state: 'valid', account, invitation };
      }
      const retired = account.retiredInvitations.find((r) => r.tokenHash === tokenHash);
      if (retired) return { state: retired.reason, account };
    }
    return { state: 'unknown' };
  }

  /**
   * Records the flow state of a browser that opened the link `tokenHash` (a new flow replaces an older browser's).
   * Returns false when the link no longer works.
   */
  async saveInvitationFlow(tokenHash: string, flow: InvitationFlow): Promise<boolean> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.invitation?.tokenHash === tokenHash);
      if (!account?.invitation || account.invitation.expiresAt <= this.now() || account.status === 'disabled') {
        return { result: false, write: false };
      }
      account.invitation.flow = flow;
      return { result: true };
    });
  }

  /**
   * Spends the link `tokenHash` (once: a second call, from any replica, finds it used): the account gets the flow's
   * password, `totp` (replacing an older authenticator, or removing it when null) and `recoveryCodes`, and becomes
   * `active`. Returns the account, or undefined when the link no longer works or `nonceHash` is not its flow's.
   */
  async acceptInvitation(
    tokenHash: string,
    nonceHash: string,
    enrolment: { totp: TotpEnrolment | null; recoveryCodes: string[] },
  ): Promise<Account | undefined> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.invitation?.tokenHash === tokenHash);
      const flow = account?.invitation?.flow;
      if (
        !account?.invitation ||
        account.invitation.expiresAt <= this.now() ||
        account.status === 'disabled' ||
        flow?.nonceHash !== nonceHash ||
        !flow.passwordHash
      ) {
        return { result: undefined, write: false };
      }
      account.passwordHash = flow.passwordHash;
      account.totp = enrolment.totp;
      account.recoveryCodes = enrolment.recoveryCodes;
      account.status = 'active';
      retire(account, 'used');
      return { result: account };
    });
  }

  /**
   * Accepts TOTP time step `step` for the account unless it is not after the last one accepted (a code is good once).
   * Returns false for a replay, or when the account has no authenticator.
   */
  async useTotpStep(id: string, step: number): Promise<boolean> {
    return this.change((accounts) => {
      const totp = accounts.find((a) => a.id === id)?.totp;
      if (!totp || step <= totp.lastUsedStep) return { result: false, write: false };
      totp.lastUsedStep = step;
      return { result: true };
    });
  }

  /** Removes the recovery code with `hash` from the account; false when it has no such (unused) code. */
  async useRecoveryCode(id: string, hash: string): Promise<boolean> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.id === id);
      if (!account?.recoveryCodes.includes(hash)) return { result: false, write: false };
      account.recoveryCodes = account.recoveryCodes.filter((h) => h !== hash);
      return { result: true };
    });
  }

  /**
   * Enrols an authenticator at sign-in (an owner without one): `secret`, with `step` (the code that confirmed it)
   * already used, and new recovery codes. False when the account meanwhile has one.
   */
  async enrolTotp(id: string, secret: string, step: number, recoveryCodes: string[]): Promise<boolean> {
    return this.change((accounts) => {
      const account = accounts.find((a) => a.id === id);
      if (!account || account.totp) return { result: false, write: false };
      account.totp = { secret, lastUsedStep: step };
      account.recoveryCodes = recoveryCodes;
      return { result: true };
    });
  }
}
