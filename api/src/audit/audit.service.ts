import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditSubject } from './audit-subjects';

/** One row of `audit_entry` as the API sends it (`GET /api/audit`). */
export interface AuditRecord {
  id: number;
  at: string;
  actorSub: string;
  actorName: string | null;
  method: string;
  route: string;
  entity: string | null;
  entityId: number | null;
  before: unknown;
  after: unknown;
  status: number;
  requestId: string | null;
}

/** What the interceptor records for one successful administrator write: a record before it has an id. */
export type AuditWrite = Omit<AuditRecord, 'id' | 'at'> & { at: Date };

interface AuditRow {
  id: string;
  at: Date;
  actor_sub: string;
  actor_name: string | null;
  method: string;
  route: string;
  entity: string | null;
  entity_id: number | null;
  before: unknown;
  after: unknown;
  status: number;
  request_id: string | null;
}

/** Table names the snapshots may read: the subjects' tables, never a name from a request. */
const SNAPSHOT_TABLES = new Set(['links', 'plans', 'popup_slots', 'bookings', 'popup_info', 'cover']);

/** Reads entity snapshots and writes and pages the audit trail (`audit_entry`, issue 15 item 7). */
@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The row `id` of the subject's table as JSON (`to_jsonb`, column names as in the table) without the subject's
   * omitted columns; null when there is no such row or nothing to snapshot.
   */
  async snapshot(subject: AuditSubject, id: number | null): Promise<unknown> {
    if (!subject.table || id === null || !SNAPSHOT_TABLES.has(subject.table)) return null;
    const omit = (subject.omit ?? []).map((column) => ` - '${column.replace(/'/g, '')}'`).join('');
    const rows = await this.dataSource.query<{ row: unknown }[]>(
      `SELECT to_jsonb(t)${omit} AS row FROM ${subject.table} t WHERE id = $1`,
      [id],
    );
    return rows[0]?.row ?? null;
  }

  /** Inserts one entry. */
  async record(entry: AuditWrite): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_entry (at, actor_sub, actor_name, method, route, entity, entity_id, before, after, status, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        entry.at,
        entry.actorSub,
        entry.actorName,
        entry.method,
        entry.route,
        entry.entity,
        entry.entityId,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
        entry.status,
        entry.requestId,
      ],
    );
  }

  /**
   * Newest first: at most `limit` entries with an id below `before` (all when undefined); keyset pagination by id.
   * @returns the entries and `next`, the `before` of the following page, or null on the last page.
   */
  async page(before: number | undefined, limit: number): Promise<{ entries: AuditRecord[]; next: number | null }> {
    const rows = await this.dataSource.query<AuditRow[]>(
      `SELECT * FROM audit_entry WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
      [before ?? null, limit + 1],
    );
    const entries = rows.slice(0, limit).map(toRecord);
    return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
  }
}

const toRecord = (row: AuditRow): AuditRecord => ({
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  actorSub: row.actor_sub,
  actorName: row.actor_name,
  method: row.method,
  route: row.route,
  entity: row.entity,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  status: row.status,
  requestId: row.request_id,
});
