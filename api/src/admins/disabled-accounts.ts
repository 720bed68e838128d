import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { DATABASE_RETRY_DELAY_MS } from '../common/database-retry.interceptor';
import { DATABASE_TARGET, type DatabaseTarget } from '../database/database-target';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { type InvalidationChannel, noChannel, postgresChannel } from '../public-cache/invalidation-channel';

/** The NOTIFY channel of `administrators.disabled_at` (migrations/1796299200000-administrator-disabled.ts). */
export const DISABLED_ACCOUNTS_CHANNEL = 'linksite_disabled_accounts';

/** `application_name` of each process's LISTEN connection for {@link DISABLED_ACCOUNTS_CHANNEL}. */
export const DISABLED_ACCOUNTS_LISTENER = 'linksite-disabled-accounts';

/** Subjects whose answer each process keeps; the least recently asked go first past it. */
const KEPT_SUBJECTS = 10_000;

/** The account a disable or enable is about: its `sub` and, for a first row, its names. */
export interface DisabledAccountSubject {
  sub: string;
  username: string | null;
  name: string | null;
}

/**
 * Whether an account the owner disabled (docs/decisions/0080-people-invites-totp.md "People") is still presenting
 * access tokens: asked by AccessTokenGuard after every token verifies, so the answer is kept in memory per `sub` (no
 * query on the hot path).
 *
 * The truth is `administrators.disabled_at` (set and cleared by people/people.service.ts through {@link setDisabled}).
 * Its changes reach every API process the way the public cache's do (public-cache/invalidation-channel.ts): a trigger
 * sends `pg_notify('linksite_disabled_accounts', '')` inside the writing transaction, and each process LISTENs and
 * forgets every kept answer when it arrives. While the LISTEN connection is not known to receive (lost, reconnecting)
 * nothing is kept and every request asks the database, so a disable is never missed: a disabled account's next request
 * to any process is refused once the disabling transaction committed (the notification's latency, milliseconds). On
 * the embedded database (one process) the writer forgets its own answers.
 */
@Injectable()
export class DisabledAccounts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DisabledAccounts');
  private readonly answers = new LRUCache<string, boolean>({ max: KEPT_SUBJECTS });
  private readonly channel: InvalidationChannel;
  private listening = false;
  /** Counts forgets, so an answer read before one is not kept after it. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_TARGET) database: DatabaseTarget,
  ) {
    this.channel = database.embedded
      ? noChannel
      : postgresChannel(database.url, DISABLED_ACCOUNTS_CHANNEL, DISABLED_ACCOUNTS_LISTENER);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.channel.start(
      () => this.forget(),
      (listening, reason) => {
        this.forget();
        if (listening === this.listening) return;
        this.listening = listening;
        if (!listening)
          this.logger.warn(`disabled accounts are read from the database until LISTEN is back: ${reason}`);
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    await this.channel.stop();
  }

  /**
   * Whether `sub` (an access token's subject) belongs to an account the owner disabled. Kept per `sub` while the
   * invalidation channel listens; otherwise read each time, and once more after DATABASE_RETRY_DELAY_MS when the
   * database is unavailable (as the retry of any read).
   * @throws the database's error when it cannot be read twice (the exception filter answers 503).
   */
  async isDisabled(sub: string): Promise<boolean> {
    const kept = this.listening ? this.answers.get(sub) : undefined;
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const read = () =>
      this.dataSource.query<unknown[]>(`SELECT 1 FROM administrators WHERE sub = $1 AND disabled_at IS NOT NULL`, [
        sub,
      ]);
    let rows: unknown[];
    try {
      rows = await read();
    } catch (error) {
      // A guard runs before DatabaseRetryInterceptor: the same one retry of a read, after the same pause, is taken here.
      if (!isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_DELAY_MS));
      rows = await read();
    }
    const disabled = rows.length > 0;
    if (this.listening && generation === this.generation) this.answers.set(sub, disabled);
    return disabled;
  }

  /**
   * Records that the account is disabled since `at` (or enabled again: null), inserting its `administrators` row when
   * it never signed in to the API. The trigger tells every other process; this one forgets its answers at once.
   * @param manager a transaction's EntityManager to write with; the DataSource's otherwise.
   */
  async setDisabled(account: DisabledAccountSubject, at: Date | null, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `INSERT INTO administrators (sub, username, name, disabled_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sub) DO UPDATE SET disabled_at = EXCLUDED.disabled_at`,
      [account.sub, account.username, account.name, at],
    );
    this.forget();
  }

  private forget(): void {
    this.generation += 1;
    this.answers.clear();
  }
}
