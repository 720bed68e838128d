import { getRuntimeConfig, parseRuntimeConfig, runtimeConfigStore } from './runtime-config';

const valid = {
  apiBaseUrl: '/api/',
  remotes: { mf_store: 'http://localhost:8081/remoteEntry.js' },
  searchUrl: 'https://search.naver.com/search.naver?query={keyword}',
  footer: { home: 'https://h.example', social: 'https://s.example', video: 'https://v.example' },
  analyticsId: null,
  auth: {
    mode: 'oidc',
    url: 'http://localhost:8090/',
    clientId: 'linksite-shell',
    autoRefresh: true,
    adminRole: 'admin',
  },
};

describe('runtime config', () => {
  it('accepts a valid config and trims the trailing slash of apiBaseUrl', () => {
    expect(parseRuntimeConfig(valid).apiBaseUrl).toBe('/api');
  });

  it('names the bad field in Korean', () => {
    expect(() => parseRuntimeConfig({ ...valid, remotes: { mf_store: 3 } })).toThrow(
      '설정 파일(/config.json)의 remotes.mf_store 값이 올바르지 않습니다.',
    );
    expect(() => parseRuntimeConfig({ ...valid, searchUrl: 'https://x' })).toThrow('searchUrl');
  });

  it('requires the auth section and checks it by mode', () => {
    const { auth, ...withoutAuth } = valid;
    expect(() => parseRuntimeConfig(withoutAuth)).toThrow('auth 값이');
    expect(parseRuntimeConfig(valid).auth).toEqual({ ...auth, url: 'http://localhost:8090' });
    expect(() => parseRuntimeConfig({ ...valid, auth: { ...auth, mode: 'saml' } })).toThrow('auth.mode');
    expect(() => parseRuntimeConfig({ ...valid, auth: { ...auth, mode: 'keycloak' } })).toThrow('auth.realm');
    expect(parseRuntimeConfig({ ...valid, auth: { ...auth, mode: 'keycloak', realm: 'linksite' } }).auth.realm).toBe(
      'linksite',
    );
    expect(() => parseRuntimeConfig({ ...valid, auth: { ...auth, autoRefresh: 'no' } })).toThrow('auth.autoRefresh');
    const { autoRefresh: _a, adminRole: _r, ...minimal } = auth;
    expect(parseRuntimeConfig({ ...valid, auth: minimal }).auth).toMatchObject({
      autoRefresh: true,
      adminRole: 'admin',
    });
  });

  it('reads the remotes a first start is still preparing: none when absent (docs/decisions/0066-visitor-ready-first-start.md)', () => {
    expect(parseRuntimeConfig(valid).preparing).toEqual([]);
    expect(parseRuntimeConfig({ ...valid, preparing: ['mf_links', 'mf_cover'] }).preparing).toEqual([
      'mf_links',
      'mf_cover',
    ]);
    expect(() => parseRuntimeConfig({ ...valid, preparing: 'mf_links' })).toThrow('preparing');
    expect(() => parseRuntimeConfig({ ...valid, preparing: [''] })).toThrow('preparing');
  });

  it('throws before the config is loaded', () => {
    runtimeConfigStore.setState({ config: null });
    expect(() => getRuntimeConfig()).toThrow('설정이 아직 로드되지 않았습니다');
  });
});
