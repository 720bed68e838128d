import { Logger, type ExecutionContext } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { AccessTokenGuard } from './access-token.guard';
import { AccessTokenVerifier, InvalidAccessToken, IssuerUnavailable } from './access-token-verifier';
import { bearerToken } from './authenticated-request';
import type { Principal } from './principal';
import { Roles } from './roles.decorator';
import { RolesGuard } from './roles.guard';
import { Reflector } from '@nestjs/core';
import { siteRolesOf } from '../common/shared-rules';

beforeAll(() => Logger.overrideLogger(false));

const principal = (roles: string[], legacyOwnerRole = 'admin'): Principal => ({
  sub: 's',
  username: 'u',
  name: null,
  email: null,
  roles,
  siteRoles: siteRolesOf(roles, legacyOwnerRole),
});

/** Handlers with the role metadata RolesGuard reads: none (owner only), editors, staff. */
class Handlers {
  ownerOnly(): void {}
  @Roles('editor')
  editors(): void {}
  @Roles('staff')
  staff(): void {}
}

/** An ExecutionContext over a plain request and a response that records headers (and, for RolesGuard, a handler). */
function http(request: Record<string, unknown>, handler: keyof Handlers = 'ownerOnly') {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
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

describe('RolesGuard', () => {
  const guard = new RolesGuard(new Reflector());
  const FORBIDDEN = { status: 403, body: { statusCode: 403, message: '관리자 권한이 없습니다.' } };
  const ROLE_FORBIDDEN = { status: 403, body: { statusCode: 403, message: '이 작업을 할 권한이 없습니다.' } };
  const PASSED = { status: 'passed' };
  const run = (user: Principal | undefined, handler: keyof Handlers) =>
    status(() => guard.canActivate(http(user ? { user } : {}, handler).context));

  it.each([
    // roles held, route → outcome
    [['owner'], 'ownerOnly', PASSED],
    [['owner'], 'staff', PASSED],
    [['admin'], 'ownerOnly', PASSED], // the legacy ADMIN_ROLE counts as owner
    [['editor'], 'editors', PASSED],
    [['editor'], 'ownerOnly', ROLE_FORBIDDEN],
    [['editor'], 'staff', ROLE_FORBIDDEN],
    [['staff'], 'staff', PASSED],
    [['staff'], 'editors', ROLE_FORBIDDEN],
    [['staff'], 'ownerOnly', ROLE_FORBIDDEN],
    [['editor', 'staff'], 'staff', PASSED],
    [['offline_access', 'default-roles-linksite'], 'staff', FORBIDDEN],
    [[], 'editors', FORBIDDEN],
  ] as const)('%j on %s → %j', async (roles, handler, outcome) => {
    expect(await run(principal([...roles]), handler)).toEqual(outcome);
  });

  it('counts a configured ADMIN_ROLE as owner, and then not `admin`', async () => {
    expect(await run(principal(['site-admin'], 'site-admin'), 'ownerOnly')).toEqual(PASSED);
    expect(await run(principal(['admin'], 'site-admin'), 'ownerOnly')).toEqual(FORBIDDEN);
  });

  it('401 without a principal', async () => {
    expect(await run(undefined, 'staff')).toMatchObject({ status: 401 });
  });
});
