import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { addDays } from '../common/seoul-date';
import type { AuditEntity, AuditSubject } from './audit-subjects';
import { describeAuditEntry, type AuditChange } from './describe-audit-entry';

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

/**
 * A record as `GET /api/audit` answers it: with its title and changed fields in Korean
 * (docs/decisions/0082-korean-audit-log.md).
 */
export type DescribedAuditRecord = AuditRecord & { title: string; changes: AuditChange[] };

/** Which entries a page holds (docs/decisions/0082-korean-audit-log.md); every part optional. */
export interface AuditFilter {
  /** Only entries with a smaller id (keyset cursor). */
  before?: number;
  /** Only this administrator's (`actor_sub`). */
  actor?: string;
  entity?: AuditEntity;
  /** Seoul days `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
}

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

/**
 * Reads entity snapshots and writes and pages the audit trail (`audit_entry`,
 * docs/decisions/0047-logs-metrics-audit.md).
 */
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
   * Newest first: at most `limit` entries matching `filter`; keyset pagination by id (`filter.before`). The days
   * are Asia/Seoul's (`from` 00:00 +09:00 to the end of `to`). Each entry carries its title and changes
   * (describeAuditEntry); a booking's title names the booking by the name its row holds now, read here and never
   * copied into `audit_entry`, so an erased booking (docs/decisions/0030-popup-bookings.md) is named by its code.
   * @returns the entries and `next`, the `before` of the following page, or null on the last page.
   */
  async page(filter: AuditFilter, limit: number): Promise<{ entries: DescribedAuditRecord[]; next: number | null }> {
    const rows = await this.dataSource.query<AuditRow[]>(
      `SELECT * FROM audit_entry
        WHERE ($1::bigint IS NULL OR id < $1)
          AND ($2::text IS NULL OR actor_sub = $2)
          AND ($3::text IS NULL OR entity = $3)
          AND ($4::timestamptz IS NULL OR at >= $4)
          AND ($5::timestamptz IS NULL OR at < $5)
        ORDER BY id DESC LIMIT $6`,
      [
        filter.before ?? null,
        filter.actor ?? null,
        filter.entity ?? null,
        filter.from ? seoulMidnight(filter.from) : null,
        filter.to ? seoulMidnight(addDays(filter.to, 1)) : null,
        limit + 1,
      ],
    );
    const records = rows.slice(0, limit).map(toRecord);
    const names = await this.bookingNames(records);
    const entries = records.map((record) => ({
      ...record,
      ...describeAuditEntry(record, {
        bookingName: record.entity === 'booking' && record.entityId !== null ? names.get(record.entityId) : null,
      }),
    }));
    return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
  }

  /** Everyone who has an entry (`sub` and the username of their newest entry), by name. */
  async actors(): Promise<{ sub: string; name: string | null }[]> {
    const rows = await this.dataSource.query<{ sub: string; name: string | null }[]>(
      `SELECT sub, name FROM (
         SELECT DISTINCT ON (actor_sub) actor_sub AS sub, actor_name AS name FROM audit_entry ORDER BY actor_sub, id DESC
       ) actors ORDER BY coalesce(name, sub), sub`,
    );
    return rows;
  }

  /** The names the bookings of `records` hold now (null once erased), by booking id. */
  private async bookingNames(records: AuditRecord[]): Promise<Map<number, string | null>> {
    const ids = [
      ...new Set(records.filter((r) => r.entity === 'booking' && r.entityId !== null).map((r) => r.entityId!)),
    ];
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<{ id: number; name: string | null }[]>(
      `SELECT id, name FROM bookings WHERE id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [Number(row.id), row.name]));
  }
}

/** 00:00 of the Seoul day `YYYY-MM-DD` (Korea keeps UTC+9 all year: common/seoul-date.ts). */
const seoulMidnight = (day: string): Date => new Date(`${day}T00:00:00+09:00`);

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
