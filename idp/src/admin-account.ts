import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Account, AccountStore } from './accounts.js';
import type { IdpConfig } from './config.js';
import { messages } from './messages.js';
import { generatePassword, hashPassword, verifyPassword, type PasswordHash } from './password-hash.js';
import { writeSecretFile } from './persisted-keys.js';

/**
 * Shape of `DATA_DIR/idp/admin.json`: the bootstrap administrator's subject. Before accounts
 * (docs/decisions/0078-team-runs-the-site.md) it also held the generated password's hash (`passwordHash`); version 2
 * keeps only the id, the account lives in the store.
 */
interface AdminFile {
  id: string;
  version?: 2;
  passwordHash?: PasswordHash;
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
 * Makes sure the bootstrap administrator (ADMIN_USERNAME, ADMIN_NAME, ADMIN_EMAIL) is an account in `accounts`: an
 * active `owner` (ADMIN_ROLE `owner`, or the legacy `admin`, means owner) whose subject is the id in admin.json.
 * Its password: ADMIN_PASSWORD, when set, wins (its hash replaces the stored one); else the stored account's; else the
 * hash an older admin.json kept (upgraded in place: the hash moves to the store, admin.json keeps the id); else a
 * password is generated, printed once via `print`, and only its scrypt hash is stored
 * (docs/decisions/0011-administrator-sign-in.md). ADMIN_TOTP_SECRET, when set, becomes its authenticator.
 * @throws AccountError 409 when another account already has ADMIN_USERNAME.
 */
export async function ensureBootstrapAccount(
  config: IdpConfig,
  dir: string,
  accounts: AccountStore,
  print: (text: string) => void,
): Promise<Account> {
  const file = path.join(dir, 'admin.json');
  let stored: AdminFile | undefined;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as AdminFile;
    if (typeof stored.id !== 'string') throw new Error(`${file} has no "id"; move it away to start over`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const { admin } = config;
  const id = stored?.id ?? randomUUID();
  const existing = await accounts.findById(id);
  let passwordHash: PasswordHash | undefined;
  let generated: string | undefined;
  if (admin.password !== undefined) {
    const unchanged = existing?.passwordHash && (await verifyPassword(admin.password, existing.passwordHash));
    if (!unchanged) passwordHash = await hashPassword(admin.password);
  } else if (!existing) {
    if (stored?.passwordHash) {
      passwordHash = stored.passwordHash;
    } else {
      generated = generatePassword();
      passwordHash = await hashPassword(generated);
    }
  }

  const { account } = await accounts.ensureBootstrap({
    id,
    username: admin.username,
    name: admin.name,
    email: admin.email,
    passwordHash,
    replacePassword: admin.password !== undefined,
    totpSecret: admin.totpSecret,
  });
  if (!stored || stored.version !== 2) writeSecretFile(file, `${JSON.stringify({ id, version: 2 }, null, 2)}\n`);
  if (generated) print(`\n${box(messages.generatedPasswordBox(admin.username, generated))}\n`);
  if (admin.role !== 'owner') print(messages.legacyAdminRole(admin.role));
  return account;
}
