import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdpAccount } from '../people/idp-accounts';

/**
 * A stand-in for the embedded identity provider's account administration API (idp/README.md "Account administration
 * API", docs/decisions/0080-people-invites-totp.md), for the API's tests while the provider's own is being written: a
 * real HTTP server on 127.0.0.1 serving `GET /accounts`, `POST /accounts/invitations`, `POST /accounts/:id/invitations`
 * and `PATCH /accounts/:id` over accounts in memory, with the provider's rules that matter to the API (409 username
 * taken, 409 last active owner, 401 without a bearer token, Korean `{ message }`). Every other path (discovery,
 * `/jwks`) is passed to `upstream`, the test issuer, so the API's OIDC_DISCOVERY_URL can point here.
 */
export interface FakeIdpAccounts {
  url: string;
  accounts: Map<string, IdpAccount>;
  /** `METHOD path authorization` of every account API call, in order. */
  calls: string[];
  /** Bodies received, as text (the tests check no invitation link or email leaks elsewhere). */
  bodies: string[];
  /** While true, account API connections are cut without an answer (an unreachable provider). */
  down: boolean;
  close(): Promise<void>;
}

const INVITATION_MS = 24 * 60 * 60 * 1000;

export async function startFakeIdpAccounts(upstream: string, now: () => Date): Promise<FakeIdpAccounts> {
  const accounts = new Map<string, IdpAccount>();
  const state = { down: false, calls: [] as string[], bodies: [] as string[] };
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  const invitation = () => ({
    url: `http://idp.test/invitation/${randomBytes(16).toString('hex')}`,
    expiresAt: new Date(now().getTime() + INVITATION_MS).toISOString(),
  });
  const activeOwners = () => [...accounts.values()].filter((a) => a.role === 'owner' && a.status === 'active');

  const accountsApi = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (state.down) return req.socket.destroy();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    state.calls.push(`${req.method} ${path} ${req.headers.authorization ?? '-'}`);
    if (text) state.bodies.push(text);
    if (!/^Bearer .+/.test(req.headers.authorization ?? '')) return send(res, 401, { message: '로그인이 필요합니다.' });
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const [, id, rest] = /^\/accounts(?:\/([^/]+))?(\/invitations)?$/.exec(path) ?? [];
    if (req.method === 'GET' && !id && !rest) return send(res, 200, { accounts: [...accounts.values()] });
    if (req.method === 'POST' && id === 'invitations' && !rest) {
      if ([...accounts.values()].some((a) => a.username === body.username)) {
        return send(res, 409, { message: '이미 사용 중인 아이디입니다.' });
      }
      const link = invitation();
      const account: IdpAccount = {
        id: randomUUID(),
        username: String(body.username),
        name: String(body.name),
        email: typeof body.email === 'string' ? body.email : '',
        role: body.role as IdpAccount['role'],
        status: 'invited',
        totp: false,
        createdAt: now().toISOString(),
        invitationExpiresAt: link.expiresAt,
      };
      accounts.set(account.id, account);
      return send(res, 201, { account, invitation: link });
    }
    const account = id ? accounts.get(decodeURIComponent(id)) : undefined;
    if (!account) return send(res, 404, { message: '계정을 찾을 수 없습니다.' });
    if (req.method === 'POST' && rest) {
      const link = invitation();
      account.invitationExpiresAt = link.expiresAt;
      return send(res, 201, { account, invitation: link });
    }
    if (req.method === 'PATCH' && !rest) {
      const demoted = body.role !== undefined && body.role !== 'owner';
      if (
        (demoted || body.disabled === true) &&
        account.role === 'owner' &&
        activeOwners().length === 1 &&
        account.status === 'active'
      ) {
        return send(res, 409, { message: '마지막 소유자는 바꾸거나 사용 중지할 수 없습니다.' });
      }
      if (body.role !== undefined) account.role = body.role as IdpAccount['role'];
      if (body.disabled === true) account.status = 'disabled';
      if (body.disabled === false) account.status = account.invitationExpiresAt ? 'invited' : 'active';
      return send(res, 200, { account });
    }
    send(res, 404, { message: '요청한 주소를 찾을 수 없습니다.' });
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/accounts' || path.startsWith('/accounts/')) {
      accountsApi(req, res, path).catch(() => send(res, 500, { message: '서버 오류' }));
      return;
    }
    fetch(`${upstream}${req.url}`)
      .then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => send(res, 502, { error: 'upstream' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accounts,
    get calls() {
      return state.calls;
    },
    get bodies() {
      return state.bodies;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
