import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { AUDIT_ENTITIES } from './audit-subjects';
import { AuditService } from './audit.service';
import { AuditActorsResponse, AuditPageResponse, type AuditEntryDto } from './dto/audit-entry.dto';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, AuditQueryDto } from './dto/audit-query.dto';

/** The audit trail of administrator writes (docs/decisions/0047-logs-metrics-audit.md). Administrator only (the global access policy). */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /**
   * `GET /api/audit[?before=<id>&limit=<n>&actor=<sub>&entity=<entity>&from=<day>&to=<day>]` →
   * `{ product: AuditEntryDto[], next }`: entries newest first (by id), only those with an id below `before`, by
   * `actor`, about `entity`, answered on Seoul days `from`–`to` (docs/decisions/0082-korean-audit-log.md); `limit` 1–200, default 50. `next`
   * is the `before` of the following page, with the same filters. Each entry has its `title` and `changes` in Korean.
   * 400 with a Korean sentence naming the parameter for any other value (AuditQueryDto).
   * The parameters are also declared one by one (`@ApiQuery`), so a repeated one (`?limit=1&limit=2`) is refused
   * by name before validation, as on every route (common/single-query-value.ts).
   */
  @Get()
  @ApiOperation({
    summary: '관리자 변경 기록',
    description:
      "Newest first; keyset pagination: pass the answer's `next` as `before` for older entries, with the same filters.",
  })
  @ApiQuery({ name: 'before', required: false, description: 'positive integer: only entries with a smaller id' })
  @ApiQuery({ name: 'limit', required: false, description: `1–${AUDIT_PAGE_MAX}, default ${AUDIT_PAGE_DEFAULT}` })
  @ApiQuery({ name: 'actor', required: false, description: "only this administrator's entries (`actorSub`)" })
  @ApiQuery({ name: 'entity', required: false, enum: AUDIT_ENTITIES, description: 'only entries about this' })
  @ApiQuery({ name: 'from', required: false, description: 'first Seoul day, YYYY-MM-DD, included' })
  @ApiQuery({ name: 'to', required: false, description: 'last Seoul day, YYYY-MM-DD, included; not before from' })
  @ApiErrors({
    400: [
      messages.auditBeforeInvalid,
      messages.auditLimitInvalid,
      messages.auditActorInvalid,
      messages.auditEntityInvalid(AUDIT_ENTITIES.join(', ')),
      messages.auditFromInvalid,
      messages.auditToInvalid,
      messages.auditRangeOrder,
    ],
  })
  async list(@Query() query: AuditQueryDto): Promise<AuditPageResponse> {
    const page = await this.audit.page(
      {
        before: query.before === undefined ? undefined : Number(query.before),
        actor: query.actor,
        entity: query.entity,
        from: query.from,
        to: query.to,
      },
      query.limit === undefined ? AUDIT_PAGE_DEFAULT : Number(query.limit),
    );
    return { product: page.entries as AuditEntryDto[], next: page.next };
  }

  /** `GET /api/audit/actors` → `{ product: [{ sub, name }] }`: everyone with an entry, for the screen's filter. */
  @Get('actors')
  @ApiOperation({ summary: '변경 기록의 작업자 목록' })
  async actors(): Promise<AuditActorsResponse> {
    return { product: await this.audit.actors() };
  }
}
