import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { isCalendarDate } from '../../common/calendar';
import { messages } from '../../common/messages';
import { AUDIT_ENTITIES, type AuditEntity } from '../audit-subjects';

/** Default and largest page size of `GET /api/audit`. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** A whole number written in digits only (`1e3`, `+5`, `5.0` are not), from 1 to `max`. */
const isWholeNumber = (value: unknown, max: number): boolean =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) && Number(value) >= 1 && Number(value) <= max;

const absent = (value: unknown): boolean => value === undefined;

/**
 * The query of `GET /api/audit` (docs/decisions/0047-logs-metrics-audit.md; filters: docs/decisions/0082-korean-audit-log.md). Every value arrives as the string the
 * URL held (the global pipe converts nothing: validation.ts); each field refuses anything else with its own Korean
 * sentence, 400. An unknown parameter is refused too (the global pipe's `forbidNonWhitelisted`).
 * - before: keyset cursor, entries with a smaller id only (the answer's `next`).
 * - limit: 1–{@link AUDIT_PAGE_MAX}, default {@link AUDIT_PAGE_DEFAULT}.
 * - actor: one administrator's token subject (`actorSub` of an entry, `GET /api/audit/actors`).
 * - entity: one of {@link AUDIT_ENTITIES}.
 * - from, to: Seoul days `YYYY-MM-DD`, both included; `to` not before `from`.
 */
export class AuditQueryDto {
  @ApiPropertyOptional({
    type: String,
    pattern: '^\\d+$',
    description: 'positive integer: only entries with a smaller id',
  })
  @ValidateBy({
    name: 'auditBefore',
    validator: {
      validate: (value: unknown) => absent(value) || isWholeNumber(value, Number.MAX_SAFE_INTEGER),
      defaultMessage: () => messages.auditBeforeInvalid,
    },
  })
  before?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^\\d+$',
    description: `1–${AUDIT_PAGE_MAX}, default ${AUDIT_PAGE_DEFAULT}`,
  })
  @ValidateBy({
    name: 'auditLimit',
    validator: {
      validate: (value: unknown) => absent(value) || isWholeNumber(value, AUDIT_PAGE_MAX),
      defaultMessage: () => messages.auditLimitInvalid,
    },
  })
  limit?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255, description: "only this administrator's entries (`actorSub`)" })
  @ValidateBy({
    name: 'auditActor',
    validator: {
      // U+FFFD: the query parser's stand-in for bytes that are not UTF-8 (`%ED%A0%80`); no account id holds it.
      validate: (value: unknown) =>
        absent(value) ||
        (typeof value === 'string' && value.length >= 1 && value.length <= 255 && !value.includes('\uFFFD')),
      defaultMessage: () => messages.auditActorInvalid,
    },
  })
  actor?: string;

  @ApiPropertyOptional({ enum: AUDIT_ENTITIES, description: 'only entries about this kind of thing' })
  @ValidateBy({
    name: 'auditEntity',
    validator: {
      validate: (value: unknown) => absent(value) || (AUDIT_ENTITIES as readonly unknown[]).includes(value),
      defaultMessage: () => messages.auditEntityInvalid(AUDIT_ENTITIES.join(', ')),
    },
  })
  entity?: AuditEntity;

  @ApiPropertyOptional({ type: String, format: 'date', description: 'first Seoul day (YYYY-MM-DD), included' })
  @ValidateBy({
    name: 'auditFrom',
    validator: {
      validate: (value: unknown) => absent(value) || isCalendarDate(value),
      defaultMessage: () => messages.auditFromInvalid,
    },
  })
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date', description: 'last Seoul day (YYYY-MM-DD), included' })
  @ValidateBy({
    name: 'auditTo',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        if (absent(value)) return true;
        const from = (object as AuditQueryDto).from;
        return isCalendarDate(value) && (!isCalendarDate(from) || value >= from);
      },
      defaultMessage: ({ value }: ValidationArguments) =>
        isCalendarDate(value) ? messages.auditRangeOrder : messages.auditToInvalid,
    },
  })
  to?: string;
}
