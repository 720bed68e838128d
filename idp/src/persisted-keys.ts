import { generateKeyPairSync, randomBytes, createHash, type JsonWebKey } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, renameSync, chmodSync } from 'node:fs';
import path from 'node:path';

/** What `DATA_DIR/idp/keys.json` holds: one RS256 signing key (private JWK) and the cookie signing keys. */
export interface PersistedKeys {
  signing: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
  cookieKeys: string[];
}

function isPersistedKeys(value: unknown): value is PersistedKeys {
  const v = value as PersistedKeys;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.signing === 'object' &&
    v.signing?.kty === 'RSA' &&
    typeof v.signing.d === 'string' &&
    typeof v.signing.kid === 'string' &&
    Array.isArray(v.cookieKeys) &&
    v.cookieKeys.length > 0 &&
    v.cookieKeys.every((k) => typeof k === 'string' && k.length >= 32)
  );
}

/** Writes a file readable by its owner only, atomically (a crash never leaves half a key file). */
export function writeSecretFile(file: string, contents: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents, { mode: 0o600 });
  renameSync(tmp, file);
  chmodSync(file, 0o600);
}

/**
 * Loads the signing and cookie keys from `<dir>/keys.json`, generating them on first start.
 * Reusing them across restarts keeps issued JWT access tokens verifiable and cookies readable.
 * @throws Error if the file exists but is not a key file we wrote (never silently replaced).
 */
export function loadOrCreateKeys(dir: string): PersistedKeys {
  const file = path.join(dir, 'keys.json');
  let raw: string | undefined;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (raw !== undefined) {
    const parsed: unknown = JSON.parse(raw);
    if (!isPersistedKeys(parsed)) throw new Error(`${file} is not a valid key file; move it away to generate new keys`);
    return parsed;
  }

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  const keys: PersistedKeys = {
    signing: { ...jwk, kid, alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  writeSecretFile(file, `${JSON.stringify(keys, null, 2)}\n`);
  return keys;
}
