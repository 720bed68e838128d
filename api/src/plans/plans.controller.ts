import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { product, ReadEnvelope } from '../common/envelope';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { PlansService, PlanView } from './plans.service';

const PLAN_SHAPE =
  "`{ id, title, startdate: 'YYYY-MM-DD', enddate: 'YYYY-MM-DD', status }`; status = whole days from today in Asia/Seoul to startdate, ≤ 0 means OPEN (DECISIONS D2)";

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
}
