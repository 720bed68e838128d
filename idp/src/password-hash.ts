import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

/** Password hashing (scrypt, from node:crypto) and the generated bootstrap password. */

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

function scryptAsync(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new scrypt hash of `password` (NFC-normalized) with a random 16-byte salt. */
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

/**
 * A hash of a password nobody knows, checked when a username names no account (or one without a password), so that
 * answer costs the same scrypt work as a wrong password.
 */
export const UNKNOWN_ACCOUNT_HASH: Promise<PasswordHash> = hashPassword(randomBytes(32).toString('base64url'));
