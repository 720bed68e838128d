import { ApiProperty } from '@nestjs/swagger';

/** One administrator write in the audit trail (issue 15 item 7). */
export class AuditEntryDto {
  /** Entry id, increasing in time. */
  id!: number;
  /** When the write was answered, ISO 8601 in UTC. */
  at!: string;
  /** The administrator's token subject (`sub`). */
  actorSub!: string;
  /** The administrator's `preferred_username`, when the token had one. */
  actorName!: string | null;
  /** HTTP method of the write. */
  method!: string;
  /** Route template of the write (`/api/main/update/:id`). */
  route!: string;
  /** What was written: `link`, `plan`, `popup`, `booking`, `popup-info`, `cover`, `site` (a restore); null if unknown. */
  entity!: string | null;
  /** Its id (1 for the single-row `popup-info` and `cover`); null when none. */
  entityId!: number | null;
  /** The entity's row before the write, as stored (column names of the table); null for a creation. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  before!: Record<string, unknown> | null;
  /** The row after the write; null after a deletion. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  after!: Record<string, unknown> | null;
  /** HTTP status of the answer. */
  status!: number;
  /** The request's `X-Request-Id`, to find its log lines. */
  requestId!: string | null;
}

/** `GET /api/audit`: a page of entries, newest first. */
export class AuditPageResponse {
  product!: AuditEntryDto[];
  /** `before` for the next (older) page; null on the last page. */
  next!: number | null;
}
