import type { AxiosAdapter } from 'axios';
import { getRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { serve, useTestRuntimeConfig } from '../testing/fake-http';
import { ApiError } from './api-error';
import { http, resolveApiUrl } from './http-client';

describe('http client', () => {
  beforeEach(() => useTestRuntimeConfig());

  it('sends paths under apiBaseUrl', async () => {
    serve({ 'GET /store': (request) => ({ status: 200, data: { product: request.baseURL + (request.url ?? '') } }) });
    const response = await http.get('/store');
    expect(response.data).toEqual({ product: '/api/store' });
  });

  it("rejects with the server's Korean message", async () => {
    serve({
      'GET /main/select/9': () => ({ status: 404, data: { statusCode: 404, message: '링크를 찾을 수 없습니다.' } }),
    });
    const failure = http.get('/main/select/9');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: '링크를 찾을 수 없습니다.' });
  });

  it('uses a Korean fallback when the server is unreachable', async () => {
    // No answer at all (the fake server always answers): the connection itself fails.
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
    setRuntimeConfig({ ...getRuntimeConfig(), apiBaseUrl: 'https://api.example.com/api' });
    expect(resolveApiUrl('/api/images/abc')).toBe('https://api.example.com/api/images/abc');
    expect(resolveApiUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });
});
