import { Body, Controller, Delete, Get, Headers, Param, Post, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { PublicReadAnswer } from '../public-cache/public-cache';
import { PublicRead } from '../public-cache/public-read.decorator';
import { ApiError } from '../common/api-error';
import { expectedVersion } from '../common/expected-version';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../openapi/api-errors';
import { CreatePlanDto } from './dto/create-plan.dto';
import { UpdatePlanDto } from './dto/update-plan.dto';
import { PlanConflictResponse, PlanListResponse, PlanResponse, PlanWriteResponse } from './dto/plan.dto';
import { PlansService } from './plans.service';
import { Public } from '../auth/public.decorator';
import { Roles } from '../auth/roles.decorator';

/** Every sentence a plan body's validation may answer with (CreatePlanDto, UpdatePlanDto). */
const PLAN_BODY_ERRORS = [
  messages.requiredValues,
  messages.planDateInvalid,
  messages.planEndBeforeStart,
  messages.planTitleRequired,
  messages.planTitleTooLong,
  messages.planTitleInvalidChar,
  messages.unknownField('<field>'),
];

/** `If-Match` of the plan writes that can be refused as stale (docs/decisions/0048-no-silent-overwrite.md). */
const IF_MATCH_HEADER = {
  name: 'if-match',
  required: false,
  description:
    'The plan\'s `version` when it was loaded (`"2"`). Stale: 409 with the stored plan, nothing changes. Absent or `*`: no check (overwrites, as before).',
} as const;

@ApiTags('plans')
@Roles('editor')
@Controller('plan')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /**
   * `GET /api/plan/list[?upcoming=1]` → `{ product: PlanView[] }` ordered by startdate, id.
   * `upcoming=1`: only plans ending today or later (Asia/Seoul); `upcoming=0` or absent: all.
   * Cached like `GET /api/store` (public-cache/public-read.decorator.ts): ETag and 304, shared caches never past the
   * next Seoul midnight, and the in-process PublicCache until a write or that midnight.
   * @throws ApiError 400 for any other upcoming value.
   */
  @Get('list')
  @Public()
  @PublicRead({ query: ['upcoming'] })
  @ApiOperation({ summary: '일정 목록 (공개)', description: 'Plans ordered by startdate, id.' })
  @ApiQuery({
    name: 'upcoming',
    required: false,
    enum: ['0', '1'],
    description: '1: only plans with enddate ≥ today (Asia/Seoul), for the banner',
  })
  @ApiErrors({ 400: [messages.invalidUpcoming] })
  @ApiOkResponse({ type: PlanListResponse })
  async list(@Query('upcoming') upcoming: unknown): Promise<PublicReadAnswer<PlanListResponse>> {
    if (upcoming !== undefined && upcoming !== '0' && upcoming !== '1')
      throw new ApiError(400, messages.invalidUpcoming);
    return { body: { product: await this.plans.list(upcoming === '1') }, validUntil: this.plans.nextDay() };
  }

  /** `GET /api/plan/select/:id` → `{ product: PlanView }`; 400 bad id, 404 unknown id. Cached like the list. */
  @Get('select/:id')
  @Public()
  @PublicRead()
  @ApiOperation({ summary: '일정 한 개 (공개)' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.planNotFound] })
  @ApiOkResponse({ type: PlanResponse })
  async select(@Param('id', ParseIdPipe) id: number): Promise<PublicReadAnswer<PlanResponse>> {
    return { body: { product: await this.plans.get(id) }, validUntil: this.plans.nextDay() };
  }

  /**
   * `POST /api/plan` (administrator; docs/decisions/0003-api-calls.md, docs/product.md#7-api-calls) → 201
   * `{ message: `messages.planCreated`, product: PlanView }`. Rules in CreatePlanDto; any failure is 400 and
   * stores nothing.
   */
  @Post()
  @ApiOperation({
    summary: '일정 등록 (관리자)',
    description: 'Nothing but startdate, enddate and title; any broken rule is a 400 and stores nothing.',
  })
  @ApiErrors({ 400: PLAN_BODY_ERRORS })
  async create(@Body() body: CreatePlanDto): Promise<PlanWriteResponse> {
    return { message: messages.planCreated, product: await this.plans.create(body) };
  }

  /**
   * `PUT /api/plan/update/:id` (administrator; docs/decisions/0003-api-calls.md) → `{ message: `messages.planUpdated`, product: PlanView }`.
   * Replaces every field (UpdatePlanDto). Writes the `plans` table only: popup fields are unknown fields here (400).
   * docs/decisions/0048-no-silent-overwrite.md: with `If-Match: "<version>"` or `version` in the body, a plan saved by someone else since is left
   * as it is: 409 `messages.planEditConflict` with the stored plan. Without either, it overwrites as before.
   * @throws ApiError 400 bad id or body, 404 `messages.planNotFound`, 409 stale version
   */
  @Put('update/:id')
  @ApiOperation({
    summary: '일정 수정 (관리자)',
    description:
      'Replaces the whole plan; rules as on create. With `If-Match: "<version>"` or `version` in the body, a stale version answers 409 with the stored plan and changes nothing.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [
      messages.invalidId,
      ...PLAN_BODY_ERRORS,
      messages.ifMatchInvalid,
      messages.versionInvalid,
      messages.versionMismatch,
    ],
    404: [messages.planNotFound],
    409: { type: PlanConflictResponse, sentences: [messages.planEditConflict] },
  })
  async update(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: UpdatePlanDto,
    @Headers('if-match') ifMatch?: string,
  ): Promise<PlanWriteResponse> {
    const expected = expectedVersion(ifMatch, body.version);
    return { message: messages.planUpdated, product: await this.plans.update(id, body, expected) };
  }

  /**
   * `DELETE /api/plan/delete/:id` (administrator; docs/decisions/0003-api-calls.md) → `{ message: `messages.planDeleted`, product: PlanView }`
   * (the plan as it was). With `If-Match: "<version>"` (docs/decisions/0048-no-silent-overwrite.md) a plan changed since is not deleted (409).
   * @throws ApiError 400 bad id, 404 `messages.planNotFound`, 409 `messages.planDeleteConflict`
   */
  @Delete('delete/:id')
  @ApiOperation({
    summary: '일정 삭제 (관리자)',
    description:
      'Answers the deleted plan as it was. With `If-Match: "<version>"`, a plan changed since is not deleted: 409 with the stored plan.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [messages.invalidId, messages.ifMatchInvalid],
    404: [messages.planNotFound],
    409: { type: PlanConflictResponse, sentences: [messages.planDeleteConflict] },
  })
  async remove(
    @Param('id', ParseIdPipe) id: number,
    @Headers('if-match') ifMatch?: string,
  ): Promise<PlanWriteResponse> {
    return { message: messages.planDeleted, product: await this.plans.remove(id, expectedVersion(ifMatch)) };
  }
}
