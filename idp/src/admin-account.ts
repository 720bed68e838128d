import { randomBytes, randomUUID, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IdpConfig } from './config.js';
import { messages } from './messages.js';
import { writeSecretFile } from './persisted-keys.js';

/** scrypt parameters (N=2^15, r=8, p=1: ~32 MiB, tens of milliseconds per check). */
const SCRYPT = { N: 32768, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 } as const;

export interface PasswordHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: string;
}

/** The one administrator this provider knows. */
export interface AdminAccount {
  /** Stable subject (`sub`), a UUID kept in admin.json like Keycloak's user id. */
  id: string;
  username: string;
  name: string;
  email: string;
  roles: string[];
  passwordHash: PasswordHash;
}

/** Shape of `DATA_DIR/idp/admin.json`. `passwordHash` is present only for a generated password. */
interface AdminFile {
  id: string;
  passwordHash?: PasswordHash;
}

function scryptAsync(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, SCRYPT.keylen, SCRYPT);
  return {
    algorithm: 'scrypt',
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
  };
}

/** Compares in constant time on the derived keys. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(stored.salt, 'base64'), expected.length, {
    N: stored.N,
    r: stored.r,
    p: stored.p,
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 20 characters from an alphabet without look-alikes (~114 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  while (out.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < alphabet.length * 4 && out.length < 20) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** Draws lines in a box; Hangul counts as two columns on a terminal. */
export function box(lines: readonly string[]): string {
  const width = (s: string) =>
    [...s].reduce((w, ch) => w + (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(ch) ? 2 : 1), 0);
  const inner = Math.max(...lines.map(width));
  const top = `┌${'─'.repeat(inner + 2)}┐`;
  const bottom = `└${'─'.repeat(inner + 2)}┘`;
  return [top, ...lines.map((l) => `│ ${l}${' '.repeat(inner - width(l))} │`), bottom].join('\n');
}

/**
 * Loads the administrator. ADMIN_PASSWORD, when set, wins and is hashed in memory only.
 * Otherwise the hash in admin.json is used, or a password is generated, printed once via `print`,
 * and only its scrypt hash is written (issue 3, item 1).
 */
export async function loadAdminAccount(
  config: IdpConfig,
  dir: string,
  print: (text: string) => void,
): Promise<AdminAccount> {
  const file = path.join(dir, 'admin.json');
  let stored: AdminFile | undefined;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as AdminFile;
    if (typeof stored.id !== 'string') throw new Error(`${file} has no "id"; move it away to start over`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const { admin } = config;
  let passwordHash: PasswordHash;
  const next: AdminFile = { id: stored?.id ?? randomUUID(), passwordHash: stored?.passwordHash };
  if (admin.password !== undefined) {
    passwordHash = await hashPassword(admin.password);
  } else if (stored?.passwordHash) {
    passwordHash = stored.passwordHash;
  } else {
    const generated = generatePassword();
    passwordHash = await hashPassword(generated);
    next.passwordHash = passwordHash;
    writeSecretFile(file, `${JSON.stringify(next, null, 2)}\n`);
    print(`\n${box(messages.generatedPasswordBox(admin.username, generated))}\n`);
  }
  if (!stored) writeSecretFile(file, `${JSON.stringify(next, null, 2)}\n`);

  return {
    id: next.id,
    username: admin.username,
    name: admin.name,
    email: admin.email,
    roles: [admin.role],
    passwordHash,
  };
}
