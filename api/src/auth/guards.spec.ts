import { Logger, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { loadConfig } from '../config/app-config';
import { AccessTokenGuard } from './access-token.guard';
import { AccessTokenVerifier, InvalidAccessToken, IssuerUnavailable } from './access-token-verifier';
import { AdminGuard } from './admin.guard';
import { bearerToken } from './authenticated-request';
import type { Principal } from './principal';

beforeAll(() => Logger.overrideLogger(false));

const principal = (roles: string[]): Principal => ({ sub: 's', username: 'u', name: null, email: null, roles });

/** An ExecutionContext over a plain request and a response that records headers. */
function http(request: Record<string, unknown>) {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
  return { context, headers };
}

const status = async (promise: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  return { status: 'passed' };
};

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['Bearer  abc ', 'abc'],
    [undefined, null],
    ['', null],
    ['Bearer', null],
    ['Bearer ', null],
    ['Basic YWxhZGRpbjpvcGVuc2VzYW1l', null],
    ['Bearer a b', null],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('AccessTokenGuard', () => {
  const verifier = { verify: jest.fn() };
  const guard = new AccessTokenGuard(verifier as unknown as AccessTokenVerifier);
  beforeEach(() => verifier.verify.mockReset());

  it('401 with WWW-Authenticate: Bearer when there is no token, without calling the verifier', async () => {
    const { context, headers } = http({ headers: {} });
    expect(await status(guard.canActivate(context))).toEqual({
      status: 401,
      body: { statusCode: 401, message: '로그인이 필요합니다.' },
    });
    expect(headers['WWW-Authenticate']).toBe('Bearer');
    expect(verifier.verify).not.toHaveBeenCalled();
  });

  it('401 invalid_token for a token the verifier refuses', async () => {
    verifier.verify.mockRejectedValue(new InvalidAccessToken('expired'));
    const { context, headers } = http({
      headers: { authorization: 'Bearer x' },
      method: 'POST',
      originalUrl: '/api/login',
    });
    expect(await status(guard.canActivate(context))).toMatchObject({ status: 401 });
    expect(headers['WWW-Authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('503 인증 서버에 연결할 수 없습니다. when the issuer is unavailable', async () => {
    verifier.verify.mockRejectedValue(new IssuerUnavailable('down'));
    const { context } = http({ headers: { authorization: 'Bearer x' } });
    expect(await status(guard.canActivate(context))).toEqual({
      status: 503,
      body: { statusCode: 503, message: '인증 서버에 연결할 수 없습니다.' },
    });
  });

  it('puts the principal on request.user', async () => {
    verifier.verify.mockResolvedValue(principal(['admin']));
    const request: Record<string, unknown> = { headers: { authorization: 'Bearer x' } };
    await expect(guard.canActivate(http(request).context)).resolves.toBe(true);
    expect(verifier.verify).toHaveBeenCalledWith('x');
    expect(request.user).toEqual(principal(['admin']));
  });
});

describe('AdminGuard', () => {
  it('passes the configured realm role, 403 without it, 401 without a principal', async () => {
    const guard = new AdminGuard(loadConfig({ ADMIN_ROLE: 'site-admin' }));
    expect(await status(() => guard.canActivate(http({ user: principal(['site-admin']) }).context))).toEqual({
      status: 'passed',
    });
    expect(await status(() => guard.canActivate(http({ user: principal(['admin']) }).context))).toEqual({
      status: 403,
      body: { statusCode: 403, message: '관리자 권한이 없습니다.' },
    });
    expect(await status(() => guard.canActivate(http({}).context))).toMatchObject({ status: 401 });
  });
});
