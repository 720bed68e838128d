import { resolve } from 'node:path';
import { z } from 'zod';
import { messages } from '../common/messages';
import type { RateLimitBucket } from '../rate-limit/rate-limit.decorator';
import { LOG_LEVELS, type LogLevel } from '../logging/http-logger';

/** The default largest upload, 10 MiB (docs/decisions/0004-image-uploads.md); UPLOAD_MAX_BYTES overrides it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The default largest backup archive a restore takes, 2 GiB; BACKUP_MAX_BYTES overrides it. */
export const DEFAULT_BACKUP_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** The site's name when SITE_NAME is unset (docs/decisions/0033-head-and-link-preview.md). */
export const DEFAULT_SITE_NAME = '링크 & 일정';

/** The site's description when SITE_DESCRIPTION is unset (docs/decisions/0033-head-and-link-preview.md). */
export const DEFAULT_SITE_DESCRIPTION = '크리에이터가 고른 상품 링크와 팝업·방송 일정을 한곳에서 확인하세요.';

/** Validated configuration of the API, read once at start-up (STYLE.md "Configuration"). */
export interface AppConfig {
  /** HTTP port, 1–65535 (env PORT, default 3000). */
  port: number;
  /** Interface to bind (env HOST, default 0.0.0.0). */
  host: string;
  /** PostgreSQL URL (env DATABASE_URL); undefined → the embedded PGlite server (ARCHITECTURE.md "Data"). */
  databaseUrl: string | undefined;
  /** Data directory (env DATA_DIR, default `<repo>/.data`); the embedded database lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** Load the demo catalogue when the database has no links, plans or cover (env SEED_ON_EMPTY, default true). */
  seedOnEmpty: boolean;
  /**
   * Run pending migrations at start, under the migration advisory lock (env MIGRATIONS_RUN, default true).
   * false (the API replicas of docker-compose.yml): only check, and refuse to start while one is pending;
   * the one-shot `database/migrate-command.ts` applies them.
   */
  migrationsRun: boolean;
  /**
   * On SIGTERM/SIGINT, how long in-flight requests may take to finish before their connections are cut,
   * in milliseconds (env SHUTDOWN_TIMEOUT_MS, default 10000, 0–600000). Keep it below the orchestrator's
   * grace period (docker-compose.yml `stop_grace_period`).
   */
  shutdownTimeoutMs: number;
  /** Largest accepted upload in bytes (env UPLOAD_MAX_BYTES, default 10 MB, docs/decisions/0004-image-uploads.md). */
  uploadMaxBytes: number;
  /** How access tokens are verified (docs/decisions/0005-authentication.md, ARCHITECTURE.md "Identity"). */
  oidc: OidcConfig;
  /**
   * Which proxies' `X-Forwarded-For` the API believes, as Express `trust proxy` takes it (env TRUST_PROXY, default
   * `loopback`; behind the compose gateway `loopback, uniquelocal`). The client address of the rate limits.
   */
  trustProxy: string;
  /**
   * Serve the OpenAPI UI at /api/docs and the document at /api/docs-json (env API_DOCS, default false;
   * docs/decisions/0040-trusted-under-attack.md).
   */
  apiDocs: boolean;
  /** Redis for state shared by API processes (env REDIS_URL, `redis://…`); undefined → each process keeps its own. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key (env REDIS_KEY_PREFIX, default `linksite:`). */
  redisKeyPrefix: string;
  /** Requests a minute per client and route in each rate-limit budget (env RATE_LIMIT_<BUDGET>_PER_MINUTE). */
  rateLimitsPerMinute: Record<RateLimitBucket, number>;
  /**
   * The booking budget's limits besides the per-device one above (docs/decisions/0074-waiting-room.md: a carrier's NAT
   * puts many phones behind one address, so the address is only a generous ceiling against scripts): requests a minute
   * per client address (env RATE_LIMIT_BOOKING_ADDRESS_PER_MINUTE, default 600) and booking submits a minute per phone
   * number (env RATE_LIMIT_BOOKING_PHONE_PER_MINUTE, default 10). rate-limit/rate-limit.module.ts.
   */
  bookingLimitsPerMinute: { address: number; phone: number };
  /**
   * The waiting room in front of popup bookings (docs/decisions/0074-waiting-room.md,
   * bookings/waiting-room.service.ts).
   */
  bookingQueue: BookingQueueConfig;
  /**
   * Minutes a freed seat is held for the first on a full slot's waitlist before it passes to the next (env
   * WAITLIST_HOLD_MINUTES, default 15, 1–1440; docs/decisions/0075-waitlist.md, bookings/waitlist.service.ts).
   */
  waitlistHoldMinutes: number;
  /** Largest backup archive a restore reads, in bytes (env BACKUP_MAX_BYTES, default 2 GiB). */
  backupMaxBytes: number;
  /**
   * Public reads kept serialized in each process (env PUBLIC_CACHE_MAX_ENTRIES, default 500, 0 = no cache;
   * docs/decisions/0035-public-read-caching.md, public-cache/public-cache.ts): the least recently used entry goes first
   * past this count.
   */
  publicCacheMaxEntries: number;
  /**
   * Bytes of image variants kept in each process's memory (env IMAGE_CACHE_MAX_BYTES, default 32 MiB, 0 = none;
   * docs/decisions/0035-public-read-caching.md): the hot `/api/images/<key>?w=` answers skip the database; the least
   * recently used go first.
   */
  imageCacheMaxBytes: number;
  /** Browser tests only: a file holding the API's "now" (env TEST_CLOCK_FILE; refused with NODE_ENV=production). */
  testClockFile: string | undefined;
  /**
   * Days after a popup slot ends before its bookings' names and phone numbers are erased (env BOOKING_RETENTION_DAYS,
   * default 30, 1–3650; docs/decisions/0030-popup-bookings.md "Personal data"). Counts are kept.
   */
  bookingRetentionDays: number;
  /**
   * Booking reminders by email before the slot (docs/decisions/0076-calendar-and-reminders.md, docs/notifications.md).
   */
  reminders: ReminderConfig;
  /** First-party analytics storage (docs/decisions/0027-first-party-analytics.md, analytics/). */
  analytics: AnalyticsConfig;
  /** Least severe log level written (env LOG_LEVEL: fatal, error, warn, info, debug, trace, silent; default info). */
  logLevel: LogLevel;
  /** `json` lines (env LOG_FORMAT, default) or `pretty` (pino-pretty, a development dependency; `npm run dev`). */
  logFormat: 'json' | 'pretty';
  /**
   * Bearer token that lets a scraper read /metrics from anywhere (env METRICS_TOKEN, at least 16 characters; unset →
   * only direct requests from loopback may read it; metrics/metrics-endpoint.ts).
   */
  metricsToken: string | undefined;
  /** What the page's head says about the site (docs/decisions/0033-head-and-link-preview.md, site-head/). */
  site: SiteConfig;
}

/**
 * The site as link previews and search engines see it (docs/decisions/0033-head-and-link-preview.md):
 * `GET /api/site/head` and `GET /api/site/manifest.webmanifest` are built from it.
 */
export interface SiteConfig {
  /** The site's name: `<title>`, `og:title`, the manifest's `name` (env SITE_NAME, default `링크 & 일정`, ≤ 100 chars). */
  name: string;
  /** `description` and `og:description` (env SITE_DESCRIPTION, default {@link DEFAULT_SITE_DESCRIPTION}, ≤ 300 chars). */
  description: string;
  /**
   * The public address of the site without a trailing slash (env PUBLIC_SITE_URL, e.g. `https://links.example.com`):
   * the canonical URL, `og:url` and the absolute `og:image`. Undefined → the request's own origin (its `Host` and,
   * behind a trusted proxy, `X-Forwarded-Proto`).
   */
  publicUrl: string | undefined;
}

/** How the waiting room admits visitors to the booking form (docs/decisions/0074-waiting-room.md). */
export interface BookingQueueConfig {
  /**
   * Visitors admitted at once per slot, each filling in the form (env BOOKING_QUEUE_ACTIVE_LIMIT, default 50,
   * 1–10000). A place frees when its visitor books or their window ends.
   */
  activeLimit: number;
  /** Seconds an admitted visitor has to submit (env BOOKING_QUEUE_WINDOW_SECONDS, default 600, 30–3600). */
  windowSeconds: number;
}

/**
 * When and how visitors who gave an email address are reminded of their booking
 * (docs/decisions/0076-calendar-and-reminders.md, bookings/booking-reminder.service.ts, docs/notifications.md).
 */
export interface ReminderConfig {
  /** How long before the slot's start the reminder goes out, in hours (env REMINDER_HOURS_BEFORE, default 24, 1–720). */
  hoursBefore: number;
  /**
   * The SMTP server reminders are sent through (env SMTP_URL, `smtp://user:password@host:587`, `smtps://…:465`; the
   * query may carry nodemailer's options). Undefined → no reminders are sent, said once in the log at start.
   */
  smtpUrl: string | undefined;
  /** The sender, `no-reply@example.com` or `"링크 & 일정" <no-reply@example.com>` (env SMTP_FROM; needed with SMTP_URL). */
  from: string | undefined;
  /** How often each API process looks for reminders due, in seconds (env REMINDER_CHECK_SECONDS, default 60, 1–3600). */
  checkEverySeconds: number;
}

/** How long analytics data is kept and how often the raw events are rolled up (analytics/analytics-rollup.service.ts). */
export interface AnalyticsConfig {
  /**
   * Days of raw events kept (env ANALYTICS_RAW_RETENTION_DAYS, default 35, 2–3650): older events are deleted once
   * rolled up. At least 2, so yesterday can still be rolled up again just after midnight.
   */
  rawRetentionDays: number;
  /** Days of daily rollups kept (env ANALYTICS_ROLLUP_RETENTION_DAYS, default 400, 90–36500: the longest view). */
  rollupRetentionDays: number;
  /** Seconds between rollup runs in each API process (env ANALYTICS_ROLLUP_INTERVAL_SECONDS, default 300; 0 = off). */
  rollupIntervalSeconds: number;
  /**
   * How long accepted hits wait in the API process to be written together, in milliseconds (env
   * ANALYTICS_INGEST_FLUSH_MS, default 1000, 0–60000; 0 = each request's events are written before its answer).
   */
  ingestFlushMs: number;
  /**
   * The scheduling priority the ingest process (ingest-main.ts) lowers itself to, as `nice` (env INGEST_NICENESS,
   * default 10, 0–19; 0 = as the API): on a machine whose cores it shares with the API, a flood of beacons then gets the
   * CPU the API leaves, not a share of the API's (docs/decisions/0072-cheap-analytics-ingest.md). The API ignores it.
   */
  ingestNiceness: number;
  /**
   * Events a day (Asia/Seoul) stored in full, across every API process (env ANALYTICS_DAILY_BUDGET, default 50000,
   * 1000–1000000000; docs/decisions/0072-cheap-analytics-ingest.md). Past it one visitor in ten is stored, up to twice
   * the budget, then none; the day's report says how many were left out (analytics/analytics-ingest.service.ts).
   */
  dailyBudget: number;
}

/** The OpenID Connect issuer whose access tokens the API accepts (docs/decisions/0005-authentication.md). */
export interface OidcConfig {
  /** Expected `iss`, exactly (env OIDC_ISSUER, default `http://localhost:8090`, the embedded provider in idp/). */
  issuer: string;
  /**
   * Base URL discovery is fetched from: `<discoveryUrl>/.well-known/openid-configuration`
   * (env OIDC_DISCOVERY_URL, default = issuer). In containers the issuer's public URL may not resolve from
   * the API, so an internal URL is given here; `iss` is still checked against `issuer`.
   */
  discoveryUrl: string;
  /** Our client: must equal `azp`, or be in `aud` when `azp` is absent (env OIDC_CLIENT_ID, default `linksite-shell`). */
  clientId: string;
  /**
   * The one administrator realm role of sites from before roles (env ADMIN_ROLE, default `admin`): it counts as
   * `owner` (common/shared-rules.ts siteRolesOf; docs/upgrading.md).
   */
  adminRole: string;
  /** Leeway for `exp`/`nbf`/`iat`, in seconds (env OIDC_CLOCK_TOLERANCE_SECONDS, default 5). */
  clockToleranceSeconds: number;
}

/** Thrown when a variable is missing or invalid; the message is Korean and names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `<repo root>/.data`: this file sits at api/{src,dist}/config/, three levels below the root. */
export const defaultDataDir = (): string => resolve(__dirname, '..', '..', '..', '.data');

const integer = (min: number, max: number, reason: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, reason)
    .transform(Number)
    .refine((n) => n >= min && n <= max, reason);

const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0'].includes(v), messages.configBoolean)
  .transform((v) => v === 'true' || v === '1');

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, messages.configHttpUrl);

const schema = z.object({
  PORT: integer(1, 65535, messages.configPort).default(3000),
  HOST: z.string().trim().min(1, messages.configNonEmpty).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, messages.configDatabaseUrl)
    .optional(),
  DATA_DIR: z.string().trim().min(1, messages.configNonEmpty).optional(),
  SEED_ON_EMPTY: boolean.default(true),
  MIGRATIONS_RUN: boolean.default(true),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000, messages.configShutdownTimeout).default(10_000),
  UPLOAD_MAX_BYTES: integer(1, Number.MAX_SAFE_INTEGER, messages.configPositiveInt).default(DEFAULT_UPLOAD_MAX_BYTES),
  OIDC_ISSUER: httpUrl.default('http://localhost:8090'),
  OIDC_DISCOVERY_URL: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1, messages.configNonEmpty).default('linksite-shell'),
  ADMIN_ROLE: z.string().trim().min(1, messages.configNonEmpty).default('admin'),
  OIDC_CLOCK_TOLERANCE_SECONDS: integer(0, 300, messages.configClockTolerance).default(5),
  TRUST_PROXY: z.string().trim().min(1, messages.configNonEmpty).default('loopback'),
  API_DOCS: boolean.default(false),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, messages.configRedisUrl)
    .optional(),
  REDIS_KEY_PREFIX: z.string().trim().min(1, messages.configNonEmpty).default('linksite:'),
  RATE_LIMIT_READ_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(600),
  RATE_LIMIT_WRITE_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(120),
  RATE_LIMIT_INGEST_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(240),
  RATE_LIMIT_BOOKING_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(30),
  RATE_LIMIT_BOOKING_ADDRESS_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(600),
  RATE_LIMIT_BOOKING_PHONE_PER_MINUTE: integer(1, 1_000_000, messages.configPositiveInt).default(10),
  BOOKING_QUEUE_ACTIVE_LIMIT: integer(1, 10_000, messages.configQueueActiveLimit).default(50),
  BOOKING_QUEUE_WINDOW_SECONDS: integer(30, 3600, messages.configQueueWindow).default(600),
  WAITLIST_HOLD_MINUTES: integer(1, 1440, messages.configWaitlistHold).default(15),
  BACKUP_MAX_BYTES: integer(1, Number.MAX_SAFE_INTEGER, messages.configPositiveInt).default(DEFAULT_BACKUP_MAX_BYTES),
  PUBLIC_CACHE_MAX_ENTRIES: integer(0, 100_000, messages.configPublicCacheEntries).default(500),
  IMAGE_CACHE_MAX_BYTES: integer(0, 4 * 1024 * 1024 * 1024, messages.configImageCacheBytes).default(32 * 1024 * 1024),
  TEST_CLOCK_FILE: z.string().trim().min(1).optional(),
  NODE_ENV: z.string().trim().optional(),
  ANALYTICS_RAW_RETENTION_DAYS: integer(2, 3650, messages.configRawRetention).default(35),
  ANALYTICS_ROLLUP_RETENTION_DAYS: integer(90, 36_500, messages.configRollupRetention).default(400),
  ANALYTICS_ROLLUP_INTERVAL_SECONDS: integer(0, 86_400, messages.configRollupInterval).default(300),
  ANALYTICS_INGEST_FLUSH_MS: integer(0, 60_000, messages.configIngestFlush).default(1000),
  INGEST_NICENESS: integer(0, 19, messages.configIngestNiceness).default(10),
  ANALYTICS_DAILY_BUDGET: integer(1000, 1_000_000_000, messages.configDailyBudget).default(50_000),
  BOOKING_RETENTION_DAYS: integer(1, 3650, messages.configRetentionDays).default(30),
  REMINDER_HOURS_BEFORE: integer(1, 720, messages.configReminderHours).default(24),
  REMINDER_CHECK_SECONDS: integer(1, 3600, messages.configReminderCheck).default(60),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, messages.configSmtpUrl)
    .optional(),
  SMTP_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, messages.configSmtpFrom)
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, messages.configLogLevel).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], messages.configLogFormat).default('json'),
  METRICS_TOKEN: z.string().trim().min(16, messages.configMetricsToken).optional(),
  SITE_NAME: z.string().trim().max(100, messages.configSiteName).default(DEFAULT_SITE_NAME),
  SITE_DESCRIPTION: z.string().trim().max(300, messages.configSiteDescription).default(DEFAULT_SITE_DESCRIPTION),
  PUBLIC_SITE_URL: httpUrl.optional(),
});

/**
 * Reads and validates the environment.
 * Empty strings count as unset (so `PORT=` falls back to the default).
 * @throws ConfigError naming the first bad variable, e.g. `설정 오류: PORT` followed by `messages.configPort`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    raw[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? '?');
    throw new ConfigError(messages.configError(variable, issue.message));
  }
  const v = parsed.data;
  if (v.TEST_CLOCK_FILE && v.NODE_ENV === 'production') {
    throw new ConfigError(messages.configError('TEST_CLOCK_FILE', messages.configTestOnly));
  }
  // A reminder names its sender and links to the booking's confirmation page
  // (docs/decisions/0076-calendar-and-reminders.md).
  if (v.SMTP_URL && !v.SMTP_FROM) {
    throw new ConfigError(messages.configError('SMTP_FROM', messages.configSmtpFromRequired));
  }
  if (v.SMTP_URL && !v.PUBLIC_SITE_URL) {
    throw new ConfigError(messages.configError('PUBLIC_SITE_URL', messages.configPublicUrlForReminders));
  }
  return {
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir: resolve(v.DATA_DIR ?? defaultDataDir()),
    seedOnEmpty: v.SEED_ON_EMPTY,
    migrationsRun: v.MIGRATIONS_RUN,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    uploadMaxBytes: v.UPLOAD_MAX_BYTES,
    oidc: {
      issuer: v.OIDC_ISSUER,
      discoveryUrl: v.OIDC_DISCOVERY_URL ?? v.OIDC_ISSUER,
      clientId: v.OIDC_CLIENT_ID,
      adminRole: v.ADMIN_ROLE,
      clockToleranceSeconds: v.OIDC_CLOCK_TOLERANCE_SECONDS,
    },
    trustProxy: v.TRUST_PROXY,
    apiDocs: v.API_DOCS,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    rateLimitsPerMinute: {
      read: v.RATE_LIMIT_READ_PER_MINUTE,
      write: v.RATE_LIMIT_WRITE_PER_MINUTE,
      ingest: v.RATE_LIMIT_INGEST_PER_MINUTE,
      booking: v.RATE_LIMIT_BOOKING_PER_MINUTE,
    },
    bookingLimitsPerMinute: {
      address: v.RATE_LIMIT_BOOKING_ADDRESS_PER_MINUTE,
      phone: v.RATE_LIMIT_BOOKING_PHONE_PER_MINUTE,
    },
    bookingQueue: {
      activeLimit: v.BOOKING_QUEUE_ACTIVE_LIMIT,
      windowSeconds: v.BOOKING_QUEUE_WINDOW_SECONDS,
    },
    waitlistHoldMinutes: v.WAITLIST_HOLD_MINUTES,
    backupMaxBytes: v.BACKUP_MAX_BYTES,
    publicCacheMaxEntries: v.PUBLIC_CACHE_MAX_ENTRIES,
    imageCacheMaxBytes: v.IMAGE_CACHE_MAX_BYTES,
    testClockFile: v.TEST_CLOCK_FILE ? resolve(v.TEST_CLOCK_FILE) : undefined,
    analytics: {
      rawRetentionDays: v.ANALYTICS_RAW_RETENTION_DAYS,
      rollupRetentionDays: v.ANALYTICS_ROLLUP_RETENTION_DAYS,
      rollupIntervalSeconds: v.ANALYTICS_ROLLUP_INTERVAL_SECONDS,
      ingestFlushMs: v.ANALYTICS_INGEST_FLUSH_MS,
      ingestNiceness: v.INGEST_NICENESS,
      dailyBudget: v.ANALYTICS_DAILY_BUDGET,
    },
    bookingRetentionDays: v.BOOKING_RETENTION_DAYS,
    reminders: {
      hoursBefore: v.REMINDER_HOURS_BEFORE,
      smtpUrl: v.SMTP_URL,
      from: v.SMTP_FROM,
      checkEverySeconds: v.REMINDER_CHECK_SECONDS,
    },
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    metricsToken: v.METRICS_TOKEN,
    site: {
      name: v.SITE_NAME,
      description: v.SITE_DESCRIPTION,
      publicUrl: v.PUBLIC_SITE_URL?.replace(/\/+$/, ''),
    },
  };
}

/** Nest injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
