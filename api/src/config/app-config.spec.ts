import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve(__dirname, '../../../.data'),
      seedOnEmpty: true,
      migrationsRun: true,
      shutdownTimeoutMs: 10000,
      uploadMaxBytes: 10485760,
      oidc: {
        issuer: 'http://localhost:8090',
        discoveryUrl: 'http://localhost:8090',
        clientId: 'linksite-shell',
        adminRole: 'admin',
        clockToleranceSeconds: 5,
      },
      trustProxy: 'loopback',
      apiDocs: false,
      redisUrl: undefined,
      redisKeyPrefix: 'linksite:',
      rateLimitsPerMinute: { read: 600, write: 120, ingest: 240, booking: 30 },
      bookingLimitsPerMinute: { address: 600, phone: 10 },
      bookingQueue: { activeLimit: 50, windowSeconds: 600 },
      waitlistHoldMinutes: 15,
      backupMaxBytes: 2147483648,
      publicCacheMaxEntries: 500,
      imageCacheMaxBytes: 33554432,
      testClockFile: undefined,
      bookingRetentionDays: 30,
      reminders: { hoursBefore: 24, smtpUrl: undefined, from: undefined, checkEverySeconds: 60 },
      logLevel: 'info',
      logFormat: 'json',
      metricsToken: undefined,
      site: {
        name: '링크 & 일정',
        description: '크리에이터가 고른 상품 링크와 팝업·방송 일정을 한곳에서 확인하세요.',
        publicUrl: undefined,
      },
      analytics: {
        rawRetentionDays: 35,
        rollupRetentionDays: 400,
        rollupIntervalSeconds: 300,
        ingestFlushMs: 1000,
        ingestNiceness: 10,
        dailyBudget: 50000,
      },
    });
  });

  it('takes a test clock file, but never in production', () => {
    expect(loadConfig({ TEST_CLOCK_FILE: '/tmp/now' }).testClockFile).toBe('/tmp/now');
    expect(() => loadConfig({ TEST_CLOCK_FILE: '/tmp/now', NODE_ENV: 'production' })).toThrow(
      '설정 오류: TEST_CLOCK_FILE 는 테스트용입니다. NODE_ENV=production 에서는 쓸 수 없습니다',
    );
  });

  it('reads the analytics retention variables, naming a bad one', () => {
    expect(
      loadConfig({
        ANALYTICS_RAW_RETENTION_DAYS: '7',
        ANALYTICS_ROLLUP_RETENTION_DAYS: '730',
        ANALYTICS_ROLLUP_INTERVAL_SECONDS: '0',
        ANALYTICS_INGEST_FLUSH_MS: '0',
        ANALYTICS_DAILY_BUDGET: '2000',
      }).analytics,
    ).toEqual({
      rawRetentionDays: 7,
      rollupRetentionDays: 730,
      rollupIntervalSeconds: 0,
      ingestFlushMs: 0,
      ingestNiceness: 10,
      dailyBudget: 2000,
    });
    expect(() => loadConfig({ ANALYTICS_INGEST_FLUSH_MS: '60001' })).toThrow(/ANALYTICS_INGEST_FLUSH_MS/);
    expect(loadConfig({}).analytics.ingestNiceness).toBe(10);
    expect(() => loadConfig({ INGEST_NICENESS: '20' })).toThrow(/INGEST_NICENESS/);
    expect(() => loadConfig({ ANALYTICS_DAILY_BUDGET: '999' })).toThrow(
      '설정 오류: ANALYTICS_DAILY_BUDGET 는 1000–1000000000 사이의 정수(하루에 저장할 이벤트 수)여야 합니다',
    );
    expect(() => loadConfig({ ANALYTICS_RAW_RETENTION_DAYS: '1' })).toThrow(
      '설정 오류: ANALYTICS_RAW_RETENTION_DAYS 는 2–3650 사이의 정수(일)여야 합니다',
    );
    expect(() => loadConfig({ ANALYTICS_ROLLUP_RETENTION_DAYS: '30' })).toThrow(/ANALYTICS_ROLLUP_RETENTION_DAYS/);
    expect(() => loadConfig({ ANALYTICS_ROLLUP_INTERVAL_SECONDS: '-5' })).toThrow(/ANALYTICS_ROLLUP_INTERVAL_SECONDS/);
  });

  it('reads the log and metrics settings, naming a bad one (docs/decisions/0047-logs-metrics-audit.md)', () => {
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' })).toMatchObject({
      logLevel: 'debug',
      logFormat: 'pretty',
    });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('설정 오류: LOG_LEVEL');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('설정 오류: LOG_FORMAT');
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('설정 오류: METRICS_TOKEN 는 16자 이상이어야 합니다');
  });

  it('reads the booking retention in days (docs/decisions/0030-popup-bookings.md)', () => {
    expect(loadConfig({ BOOKING_RETENTION_DAYS: '7' }).bookingRetentionDays).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'abc']) {
      expect(() => loadConfig({ BOOKING_RETENTION_DAYS: bad })).toThrow(
        '설정 오류: BOOKING_RETENTION_DAYS 는 1–3650 사이의 정수(일)여야 합니다',
      );
    }
  });

  it('reads the reminder settings; SMTP_URL needs SMTP_FROM and PUBLIC_SITE_URL (docs/decisions/0076-calendar-and-reminders.md)', () => {
    const smtp = {
      SMTP_URL: 'smtps://mailer:s3cret@mail.example.com:465',
      SMTP_FROM: '"링크 & 일정" <no-reply@example.com>',
      PUBLIC_SITE_URL: 'https://links.example.com',
    };
    expect(loadConfig({ ...smtp, REMINDER_HOURS_BEFORE: '3', REMINDER_CHECK_SECONDS: '5' }).reminders).toEqual({
      hoursBefore: 3,
      smtpUrl: 'smtps://mailer:s3cret@mail.example.com:465',
      from: '"링크 & 일정" <no-reply@example.com>',
      checkEverySeconds: 5,
    });
    for (const bad of ['0', '3601', '2.5']) {
      expect(() => loadConfig({ REMINDER_CHECK_SECONDS: bad })).toThrow(
        '설정 오류: REMINDER_CHECK_SECONDS 는 1–3600 사이의 정수(초)여야 합니다',
      );
    }
    expect(loadConfig({ ...smtp, SMTP_FROM: 'no-reply@example.com' }).reminders.from).toBe('no-reply@example.com');
    for (const bad of ['0', '721', '1.5', 'abc']) {
      expect(() => loadConfig({ REMINDER_HOURS_BEFORE: bad })).toThrow(
        '설정 오류: REMINDER_HOURS_BEFORE 는 1–720 사이의 정수(시간)여야 합니다',
      );
    }
    for (const bad of ['mail.example.com', 'http://mail.example.com', 'smtp://']) {
      expect(() => loadConfig({ ...smtp, SMTP_URL: bad })).toThrow(/^설정 오류: SMTP_URL 는 smtp:\/\/ 또는 smtps:\/\//);
    }
    for (const bad of ['no-reply', '링크 <no-reply>', 'a@b\r\nBcc: x@y']) {
      expect(() => loadConfig({ ...smtp, SMTP_FROM: bad })).toThrow(/^설정 오류: SMTP_FROM 는 보내는 사람 주소여야/);
    }
    expect(() => loadConfig({ ...smtp, SMTP_FROM: undefined })).toThrow(
      '설정 오류: SMTP_FROM 는 SMTP_URL 을 설정하면 꼭 필요합니다 (예약 알림 메일의 보내는 사람 주소)',
    );
    expect(() => loadConfig({ ...smtp, PUBLIC_SITE_URL: '' })).toThrow(
      '설정 오류: PUBLIC_SITE_URL 는 SMTP_URL 을 설정하면 꼭 필요합니다 (예약 알림 메일에 넣는 예약 확인 주소)',
    );
    // The password of SMTP_URL is never in a message.
    const refusal = (): string => {
      try {
        loadConfig({ ...smtp, SMTP_URL: 'smtps://mailer:s3cret@mail example.com' });
      } catch (error) {
        return String(error);
      }
      return 'no refusal';
    };
    expect(refusal()).toMatch(/^ConfigError: 설정 오류: SMTP_URL /);
    expect(refusal()).not.toContain('s3cret');
  });

  it('reads the site name, description and public address (docs/decisions/0033-head-and-link-preview.md)', () => {
    expect(
      loadConfig({
        SITE_NAME: '  민지의 가게 ',
        SITE_DESCRIPTION: '오늘의 추천',
        PUBLIC_SITE_URL: 'https://links.example.com/',
      }).site,
    ).toEqual({ name: '민지의 가게', description: '오늘의 추천', publicUrl: 'https://links.example.com' });
    expect(() => loadConfig({ SITE_NAME: '가'.repeat(101) })).toThrow('설정 오류: SITE_NAME 는 100자 이하여야 합니다');
    expect(() => loadConfig({ SITE_DESCRIPTION: '가'.repeat(301) })).toThrow(/SITE_DESCRIPTION/);
    expect(() => loadConfig({ PUBLIC_SITE_URL: 'links.example.com' })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => loadConfig({ PUBLIC_SITE_URL: 'https://links.example.com/?a=1' })).toThrow(/PUBLIC_SITE_URL/);
  });

  it('serves /api/docs only when API_DOCS is true (docs/decisions/0040-trusted-under-attack.md)', () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes please' })).toThrow(/API_DOCS/);
  });

  it('reads the shared-state and rate-limit variables', () => {
    expect(
      loadConfig({
        TRUST_PROXY: 'loopback, uniquelocal',
        REDIS_URL: 'redis://cache:6379/2',
        REDIS_KEY_PREFIX: 'site-a:',
        RATE_LIMIT_READ_PER_MINUTE: '1000',
        RATE_LIMIT_WRITE_PER_MINUTE: '10',
        RATE_LIMIT_INGEST_PER_MINUTE: '50',
        RATE_LIMIT_BOOKING_PER_MINUTE: '5',
      }),
    ).toMatchObject({
      trustProxy: 'loopback, uniquelocal',
      redisUrl: 'redis://cache:6379/2',
      redisKeyPrefix: 'site-a:',
      rateLimitsPerMinute: { read: 1000, write: 10, ingest: 50, booking: 5 },
    });
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      '설정 오류: REDIS_URL 는 redis:// 또는 rediss:// 로 시작하는 주소여야 합니다',
    );
    expect(() => loadConfig({ RATE_LIMIT_BOOKING_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_BOOKING_PER_MINUTE/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      DATA_DIR: '/tmp/d',
      SEED_ON_EMPTY: 'false',
      UPLOAD_MAX_BYTES: '1000',
      MIGRATIONS_RUN: 'false',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dataDir: '/tmp/d',
      seedOnEmpty: false,
      uploadMaxBytes: 1000,
      migrationsRun: false,
      shutdownTimeoutMs: 2500,
    });
  });

  it.each(['abc', '0', '70000', '3.5', '-1'])('refuses PORT=%s naming the variable', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow('설정 오류: PORT 는 1–65535 사이의 정수여야 합니다');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names DATABASE_URL, SEED_ON_EMPTY and UPLOAD_MAX_BYTES when bad', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_ON_EMPTY: 'maybe' })).toThrow(/SEED_ON_EMPTY/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ MIGRATIONS_RUN: 'no' })).toThrow(/MIGRATIONS_RUN/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '600001' })).toThrow(
      '설정 오류: SHUTDOWN_TIMEOUT_MS 는 0–600000 사이의 정수(밀리초)여야 합니다',
    );
  });

  it('reads the OIDC variables; the discovery URL defaults to the issuer', () => {
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://sso.example.com/realms/linksite',
        OIDC_DISCOVERY_URL: 'http://keycloak:8080/realms/linksite',
        OIDC_CLIENT_ID: 'shell',
        ADMIN_ROLE: 'site-admin',
        OIDC_CLOCK_TOLERANCE_SECONDS: '0',
      }).oidc,
    ).toEqual({
      issuer: 'https://sso.example.com/realms/linksite',
      discoveryUrl: 'http://keycloak:8080/realms/linksite',
      clientId: 'shell',
      adminRole: 'site-admin',
      clockToleranceSeconds: 0,
    });
    expect(loadConfig({ OIDC_ISSUER: 'https://sso.example.com/realms/x' }).oidc.discoveryUrl).toBe(
      'https://sso.example.com/realms/x',
    );
  });

  it.each([
    ['OIDC_ISSUER', 'localhost:8090'],
    ['OIDC_ISSUER', 'ftp://idp'],
    ['OIDC_DISCOVERY_URL', 'keycloak:8080'],
    ['OIDC_CLOCK_TOLERANCE_SECONDS', '-1'],
    ['OIDC_CLOCK_TOLERANCE_SECONDS', '1000'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    const load = () => loadConfig({ [variable]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`설정 오류: ${variable} `);
  });
});
