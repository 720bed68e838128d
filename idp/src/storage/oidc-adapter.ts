import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { PayloadTable } from './payload-table.js';

/** Models whose rows a grant's revocation removes (as the library's memory adapter does). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Seconds the stored expiry is kept past the library's own (clock skew between identity processes). */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * oidc-provider's storage adapter over a PayloadTable (the library's adapter contract:
 * https://github.com/panva/node-oidc-provider/blob/main/example/my_adapter.js). One instance per model name.
 */
export class OidcAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly table: PayloadTable,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await this.table.upsert({
      model: this.model,
      id,
      payload: payload as Record<string, unknown>,
      grantId: GRANTABLE.has(this.model) && typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresAt: typeof expiresIn === 'number' ? Date.now() + (expiresIn + CLOCK_TOLERANCE_SECONDS) * 1000 : null,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await this.table.find(this.model, id)) as AdapterPayload | undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return (await this.table.findBy(this.model, 'userCode', userCode)) as AdapterPayload | undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return (await this.table.findBy(this.model, 'uid', uid)) as AdapterPayload | undefined;
  }

  async consume(id: string): Promise<void> {
    await this.table.consume(this.model, id, Math.floor(Date.now() / 1000));
  }

  async destroy(id: string): Promise<void> {
    await this.table.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.table.revokeByGrantId(grantId);
  }
}

/** The `adapter` option of oidc-provider's configuration: a constructor the library calls with a model name. */
export function adapterFor(table: PayloadTable): new (model: string) => Adapter {
  return class extends OidcAdapter {
    constructor(model: string) {
      super(model, table);
    }
  };
}
