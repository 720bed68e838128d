import { ApiProperty } from '@nestjs/swagger';

/** One changed field of an entry, as the screens say it (docs/decisions/0082-korean-audit-log.md; audit/describe-audit-entry.ts). */
export class AuditChangeDto {
  /** Stable name of the field (`pname`, `photo`, `showFrom`, `bookingEnabled`…). */
  field!: string;
  /** Its label on the forms (`링크 이름`, `공개 시작`, `예약 받기`…). */
  label!: string;
  /** The value before, for people (`2026년 11월 27일 오전 6:13`, `예`, `4명`, `(비어 있음)`); null for a creation. */
  before!: string | null;
  /** The value after, for people; null when the row is gone. */
  after!: string | null;
}

/** One administrator write in the audit trail (docs/decisions/0047-logs-metrics-audit.md). */
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
  /**
   * What happened, in the screens' words (docs/decisions/0082-korean-audit-log.md): `링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)`,
   * `김하늘 님 예약 입장 확인`, `예약 받기 멈춤 · 1회차 · …`, `백업 복원`. A booking's name only while the booking still
   * holds it (erased on schedule, docs/decisions/0030-popup-bookings.md); never a phone number.
   */
  title!: string;
  /**
   * The fields that changed, labelled as on the forms, in form order; internal columns (ids, version, image keys,
   * timestamps, booking counters) left out. A creation lists the fields it set; a deletion or a restore none.
   */
  changes!: AuditChangeDto[];
}

/** One administrator who has written something, for the audit screen's filter (`GET /api/audit/actors`). */
export class AuditActorDto {
  /** Token subject: the `actor` filter's value. */
  sub!: string;
  /** The `preferred_username` of their newest entry, when the token had one. */
  name!: string | null;
}

/** `GET /api/audit/actors`. */
export class AuditActorsResponse {
  /** Everyone with an entry, by name. */
  product!: AuditActorDto[];
}

/** `GET /api/audit`: a page of entries, newest first. */
export class AuditPageResponse {
  product!: AuditEntryDto[];
  /** `before` for the next (older) page; null on the last page. */
  next!: number | null;
}
