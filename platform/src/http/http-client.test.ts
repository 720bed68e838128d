import type { AxiosAdapter } from 'axios';
import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { ApiError } from './api-error';
import { http, resolveApiUrl } from './http-client';

const config: RuntimeConfig = {
  apiBaseUrl: '/api',
  remotes: {},
  searchUrl: 'https://search.example/?q={keyword}',
  footer: { home: 'https://h', social: 'https://s', video: 'https://v' },
  analyticsId: null,
  auth: { mode: 'oidc', url: 'http://localhost:8090', clientId: 'linksite-shell', autoRefresh: true, adminRole: 'admin' },
};

describe('http client', () => {
  beforeEach(() => setRuntimeConfig(config));

  it('sends paths under apiBaseUrl', async () => {
    const adapter: AxiosAdapter = async (request) => ({
      data: { product: request.baseURL + (request.url ?? '') },
      status: 200,
      statusText: 'OK',
      headers: {},
      config: request,
    });
    const response = await http.get('/store', { adapter });
    expect(response.data).toEqual({ product: '/api/store' });
  });

  it("rejects with the server's Korean message", async () => {
    const adapter: AxiosAdapter = async (request) => {
      const { AxiosError } = await import('axios');
      throw new AxiosError('fail', 'ERR_BAD_REQUEST', request, null, {
        data: { statusCode: 404, message: '링크를 찾을 수 없습니다.' },
        status: 404,
        statusText: 'Not Found',
        headers: {},
        config: request,
      });
    };
    const failure = http.get('/main/select/9', { adapter });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: '링크를 찾을 수 없습니다.' });
  });

  it('uses a Korean fallback when the server is unreachable', async () => {
    const adapter: AxiosAdapter = async () => {
      throw new Error('socket hang up');
    };
    await expect(http.get('/store', { adapter })).rejects.toMatchObject({
      status: 0,
      message: '서버에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it('resolves internal image paths under apiBaseUrl', () => {
    expect(resolveApiUrl('/api/images/abc')).toBe('/api/images/abc');
    setRuntimeConfig({ ...config, apiBaseUrl: 'https://api.example.com/api' });
    expect(resolveApiUrl('/api/images/abc')).toBe('https://api.example.com/api/images/abc');
    expect(resolveApiUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });
});
