import { existsSync, readFileSync } from 'node:fs';
import { writeSecretFile } from '../persisted-keys.js';
import type { PayloadRow, PayloadTable } from './payload-table.js';

interface FileContents {
  version: 1;
  rows: PayloadRow[];
}

const key = (model: string, id: string) => `${model}\u0000${id}`;

/**
 * The one-machine default (no IDP_DATABASE_URL): every row in memory, written through to one JSON file
 * (`DATA_DIR/idp/store.json`, owner-only, replaced atomically after each change by the same writer as the keys),
 * so sessions and refresh tokens survive a restart. One identity process only: two processes would overwrite
 * each other's file; share state through IDP_DATABASE_URL instead.
 */
export class FilePayloadTable implements PayloadTable {
  private readonly rows = new Map<string, PayloadRow>();

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (existsSync(file)) {
      const contents = JSON.parse(readFileSync(file, 'utf8')) as FileContents;
      if (contents.version !== 1 || !Array.isArray(contents.rows)) {
        throw new Error(`${file} is not an identity store this version can read; move it away to start afresh`);
      }
      for (const row of contents.rows) this.rows.set(key(row.model, row.id), row);
      this.deleteExpiredNow(this.now());
    }
  }

  get description(): string {
    return `file ${this.file}`;
  }

  private live(row: PayloadRow | undefined): row is PayloadRow {
    return row !== undefined && (row.expiresAt === null || row.expiresAt > this.now());
  }

  private save(): void {
    const contents: FileContents = { version: 1, rows: [...this.rows.values()] };
    writeSecretFile(this.file, JSON.stringify(contents));
  }

  async upsert(row: PayloadRow): Promise<void> {
    this.rows.set(key(row.model, row.id), row);
    this.save();
  }

  async find(model: string, id: string): Promise<Record<string, unknown> | undefined> {
    const row = this.rows.get(key(model, id));
    return this.live(row) ? row.payload : undefined;
  }

  async findBy(model: string, field: 'uid' | 'userCode', value: string): Promise<Record<string, unknown> | undefined> {
    for (const row of this.rows.values()) {
      if (row.model === model && row[field] === value && this.live(row)) return row.payload;
    }
    return undefined;
  }

  async consume(model: string, id: string, at: number): Promise<void> {
    const row = this.rows.get(key(model, id));
    if (!row) return;
    row.payload = { ...row.payload, consumed: at };
    this.save();
  }

  async destroy(model: string, id: string): Promise<void> {
    if (this.rows.delete(key(model, id))) this.save();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    let removed = false;
    for (const [k, row] of this.rows) {
      if (row.grantId === grantId) removed = this.rows.delete(k) || removed;
    }
    if (removed) this.save();
  }

  async destroyByAccount(accountId: string): Promise<number> {
    let removed = 0;
    for (const [k, row] of this.rows) {
      if (row.payload.accountId === accountId && this.rows.delete(k)) removed += 1;
    }
    if (removed > 0) this.save();
    return removed;
  }

  async modify(
    model: string,
    id: string,
    change: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    // One process, and no await between the read and the write: nothing can interleave.
    const row = this.rows.get(key(model, id));
    const current = this.live(row) ? row.payload : undefined;
    const next = change(current === undefined ? undefined : structuredClone(current));
    if (next === undefined) return current;
    this.rows.set(key(model, id), {
      model,
      id,
      payload: next,
      grantId: null,
      userCode: null,
      uid: null,
      expiresAt: null,
    });
    this.save();
    return next;
  }

  private deleteExpiredNow(now: number): number {
    let removed = 0;
    for (const [k, row] of this.rows) {
      if (row.expiresAt !== null && row.expiresAt <= now && this.rows.delete(k)) removed += 1;
    }
    return removed;
  }

  async deleteExpired(now: number): Promise<number> {
    const removed = this.deleteExpiredNow(now);
    if (removed > 0) this.save();
    return removed;
  }

  async close(): Promise<void> {}
}
