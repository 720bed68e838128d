import { getRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { sent, serve, useTestRuntimeConfig } from '../testing/fake-http';
import { ko } from '../messages/ko';
import { ApiError } from './api-error';
import { getPublic } from './get-public';

describe('getPublic (a visitor read without the HTTP client)', () => {
  beforeEach(() => useTestRuntimeConfig());

  it('reads the JSON body under apiBaseUrl with the query it was given, undefined values left out', async () => {
    const adapter = serve({ 'GET /store/page': (request) => ({ status: 200, data: { product: request.params } }) });
    const body = await getPublic<{ product: unknown }>('/store/page', { limit: 48, after: 'c1', tag: undefined });
    expect(body).toEqual({ product: { limit: '48', after: 'c1' } });
    expect(sent(adapter)).toEqual([{ route: 'GET /store/page', body: undefined }]);
    expect(jest.mocked(globalThis.fetch).mock.calls[0]![0]).toBe('/api/store/page?limit=48&after=c1');
  });

  it('two reads of the same address at once share one request; a later read asks again', async () => {
    const adapter = serve({ 'GET /reserve/status': () => ({ status: 200, data: { product: { open: true } } }) });
    const [a, b] = await Promise.all([getPublic('/reserve/status'), getPublic('/reserve/status')]);
    expect(a).toEqual({ product: { open: true } });
    expect(b).toBe(a);
    expect(sent(adapter)).toHaveLength(1);
    await getPublic('/reserve/status');
    expect(sent(adapter)).toHaveLength(2);
  });

  it('asks the configured API origin', async () => {
    serve({ 'GET /cover': () => ({ status: 200, data: { product: null } }) });
    setRuntimeConfig({ ...getRuntimeConfig(), apiBaseUrl: 'https://api.example.com/api' });
    await getPublic('/cover');
    expect(jest.mocked(globalThis.fetch).mock.calls[0]![0]).toBe('https://api.example.com/api/cover');
  });

  it("rejects a failing answer with the server's Korean message and its status", async () => {
    serve({ 'GET /store/page': () => ({ status: 400, data: { statusCode: 400, message: '잘못된 커서입니다.' } }) });
    const failure = getPublic('/store/page', { after: 'x' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: '잘못된 커서입니다.' });
  });

  it('uses the Korean fallback when the answer has no message, and the network message when nothing answers', async () => {
    serve({ 'GET /tag/list': () => ({ status: 502, data: '<html>Bad Gateway</html>' }) });
    await expect(getPublic('/tag/list')).rejects.toMatchObject({ status: 502, message: ko.unknownError });
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(getPublic('/tag/list')).rejects.toMatchObject({
      status: 0,
      message: ko.networkError,
    });
  });
});
