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
      embeddedDbPort: 0,
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
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      DATA_DIR: '/tmp/d',
      EMBEDDED_DB_PORT: '5544',
      SEED_ON_EMPTY: 'false',
      UPLOAD_MAX_BYTES: '1000',
      MIGRATIONS_RUN: 'false',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dataDir: '/tmp/d',
      embeddedDbPort: 5544,
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
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '600001' })).toThrow('설정 오류: SHUTDOWN_TIMEOUT_MS 는 0–600000 사이의 정수(밀리초)여야 합니다');
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
    expect(loadConfig({ OIDC_ISSUER: 'https://sso.example.com/realms/x' }).oidc.discoveryUrl).toBe('https://sso.example.com/realms/x');
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
