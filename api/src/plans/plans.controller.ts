import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ApiError } from '../common/api-error';
import { product, ReadEnvelope, written, WriteEnvelope } from '../common/envelope';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreatePlanDto } from './dto/create-plan.dto';
import { UpdatePlanDto } from './dto/update-plan.dto';
import { PlansService, PlanView } from './plans.service';

const PLAN_SHAPE =
  "`{ id, title, startdate: 'YYYY-MM-DD', enddate: 'YYYY-MM-DD', status }`; status = whole days from today in Asia/Seoul to startdate, ≤ 0 means OPEN (DECISIONS D2)";

const PLAN_RULES =
  "Body `{ startdate: 'YYYY-MM-DD', enddate: 'YYYY-MM-DD', title }`, nothing else. 400 (nothing stored) with the first broken rule in `message` and every one in `errors`: missing date `필수 값을 입력해주세요.`; not a real day `날짜는 YYYY-MM-DD 형식의 실제 날짜여야 합니다.`; enddate before startdate `종료일은 시작일보다 빠를 수 없습니다.`; title (trimmed) empty `일정 내용을 입력해주세요.`, over 200 characters `일정 내용은 200자 이하로 입력해주세요.`; an unknown field `허용되지 않는 필드입니다: <field>`.";

@ApiTags('plans')
@Controller('plan')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /**
   * `GET /api/plan/list[?upcoming=1]` → `{ product: PlanView[] }` ordered by startdate, id.
   * `upcoming=1`: only plans ending today or later (Asia/Seoul); `upcoming=0` or absent: all.
   * @throws ApiError 400 for any other upcoming value.
   */
  @Get('list')
  @ApiOperation({ summary: '일정 목록 (공개)', description: `\`{ product: Plan[] }\` ordered by startdate, id. Plan = ${PLAN_SHAPE}` })
  @ApiQuery({ name: 'upcoming', required: false, enum: ['0', '1'], description: '1: only plans with enddate ≥ today (Asia/Seoul), for the banner' })
  @ApiResponse({ status: 400, description: 'upcoming 값은 0 또는 1이어야 합니다.' })
  async list(@Query('upcoming') upcoming: unknown): Promise<ReadEnvelope<PlanView[]>> {
    if (upcoming !== undefined && upcoming !== '0' && upcoming !== '1') throw new ApiError(400, messages.invalidUpcoming);
    return product(await this.plans.list(upcoming === '1'));
  }

  /** `GET /api/plan/select/:id` → `{ product: PlanView }`; 400 bad id, 404 unknown id. */
  @Get('select/:id')
  @ApiOperation({ summary: '일정 한 개 (공개)', description: `\`{ product: Plan }\`. Plan = ${PLAN_SHAPE}` })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '일정을 찾을 수 없습니다.' })
  async select(@Param('id', ParseIdPipe) id: number): Promise<ReadEnvelope<PlanView>> {
    return product(await this.plans.get(id));
  }

  /**
   * `POST /api/plan` (administrator; DECISIONS D3, spec §7) → 201
   * `{ message: '일정이 등록되었습니다.', product: PlanView }`. Rules in CreatePlanDto; any failure is 400 and
   * stores nothing.
   */
  @Post()
  @AdminOnly()
  @ApiOperation({ summary: '일정 등록 (관리자)', description: `${PLAN_RULES} Answers \`{ message, product: Plan }\`. Plan = ${PLAN_SHAPE}` })
  @ApiBody({ type: CreatePlanDto })
  @ApiResponse({ status: 201, description: "`{ message: '일정이 등록되었습니다.', product: Plan }`" })
  @ApiResponse({ status: 400, description: '필수 값을 입력해주세요. · 종료일은 시작일보다 빠를 수 없습니다. · …' })
  async create(@Body() body: CreatePlanDto): Promise<WriteEnvelope<PlanView>> {
    return written(messages.planCreated, await this.plans.create(body));
  }

  /**
   * `PUT /api/plan/update/:id` (administrator; DECISIONS D3) → `{ message: '일정이 수정되었습니다.', product: PlanView }`.
   * Replaces every field (UpdatePlanDto). Writes the `plans` table only: popup fields are unknown fields here (400).
   * @throws ApiError 400 bad id or body, 404 `일정을 찾을 수 없습니다.`
   */
  @Put('update/:id')
  @AdminOnly()
  @ApiOperation({ summary: '일정 수정 (관리자)', description: `Replaces the whole plan. ${PLAN_RULES} Answers \`{ message, product: Plan }\`.` })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiBody({ type: UpdatePlanDto })
  @ApiResponse({ status: 200, description: "`{ message: '일정이 수정되었습니다.', product: Plan }`" })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다. · 필수 값을 입력해주세요. · …' })
  @ApiResponse({ status: 404, description: '일정을 찾을 수 없습니다.' })
  async update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdatePlanDto): Promise<WriteEnvelope<PlanView>> {
    return written(messages.planUpdated, await this.plans.update(id, body));
  }

  /**
   * `DELETE /api/plan/delete/:id` (administrator; DECISIONS D3) → `{ message: '일정이 삭제되었습니다.', product: PlanView }`
   * (the plan as it was). @throws ApiError 400 bad id, 404 `일정을 찾을 수 없습니다.`
   */
  @Delete('delete/:id')
  @AdminOnly()
  @ApiOperation({ summary: '일정 삭제 (관리자)', description: '`{ message, product: Plan }` with the deleted plan.' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiResponse({ status: 200, description: "`{ message: '일정이 삭제되었습니다.', product: Plan }`" })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '일정을 찾을 수 없습니다.' })
  async remove(@Param('id', ParseIdPipe) id: number): Promise<WriteEnvelope<PlanView>> {
    return written(messages.planDeleted, await this.plans.remove(id));
  }
}
