import { getRuntimeConfig, parseRuntimeConfig, runtimeConfigStore } from './runtime-config';

const valid = {
  apiBaseUrl: '/api/',
  remotes: { mf_store: 'http://localhost:8081/remoteEntry.js' },
  searchUrl: 'https://search.naver.com/search.naver?query={keyword}',
  footer: { home: 'https://h.example', social: 'https://s.example', video: 'https://v.example' },
  analyticsId: null,
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

  it('throws before the config is loaded', () => {
    runtimeConfigStore.setState({ config: null });
    expect(() => getRuntimeConfig()).toThrow('설정이 아직 로드되지 않았습니다');
  });
});
