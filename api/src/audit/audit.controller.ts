import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ApiErrors } from '../openapi/api-errors';
import { AuditService } from './audit.service';
import { AuditPageResponse, type AuditEntryDto } from './dto/audit-entry.dto';

/** Default and largest page size of `GET /api/audit`. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** A positive integer query value, or undefined when absent. @throws ApiError 400 with `message` */
const positive = (value: unknown, max: number, message: string): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) throw new ApiError(400, message);
  const n = Number(value);
  if (n < 1 || n > max) throw new ApiError(400, message);
  return n;
};

/** The audit trail of administrator writes (issue 15 item 7). Administrator only (the global access policy). */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /**
   * `GET /api/audit[?before=<id>&limit=<n>]` → `{ product: AuditEntryDto[], next }`: entries newest first (by id),
   * only those with an id below `before`; `limit` 1–200, default 50. `next` is the `before` of the following page.
   * 400 `messages.auditBeforeInvalid` / `messages.auditLimitInvalid` for anything else.
   */
  @Get()
  @ApiOperation({
    summary: '관리자 변경 기록',
    description: "Newest first; keyset pagination: pass the answer's `next` as `before` for older entries.",
  })
  @ApiQuery({ name: 'before', required: false, description: 'positive integer: only entries with a smaller id' })
  @ApiQuery({ name: 'limit', required: false, description: `1–${AUDIT_PAGE_MAX}, default ${AUDIT_PAGE_DEFAULT}` })
  @ApiErrors({ 400: [messages.auditBeforeInvalid, messages.auditLimitInvalid] })
  async list(@Query('before') before: unknown, @Query('limit') limit: unknown): Promise<AuditPageResponse> {
    const page = await this.audit.page(
      positive(before, Number.MAX_SAFE_INTEGER, messages.auditBeforeInvalid),
      positive(limit, AUDIT_PAGE_MAX, messages.auditLimitInvalid) ?? AUDIT_PAGE_DEFAULT,
    );
    return { product: page.entries as AuditEntryDto[], next: page.next };
  }
}
