import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { seoulDate } from '../common/seoul-date';
import { Plan } from './plan.entity';
import { planStatus } from './plan-status';

/** A plan as the API answers it (DECISIONS D2): dates 'YYYY-MM-DD', status in whole days (≤ 0 = OPEN). */
export interface PlanView {
  id: number;
  title: string;
  startdate: string;
  enddate: string;
  status: number;
}

@Injectable()
export class PlansService {
  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    private readonly clock: Clock,
  ) {}

  /**
   * Plans ordered by startdate, then id (DECISIONS D3 `GET /api/plan/list`).
   * @param upcoming only plans whose enddate is today or later in Asia/Seoul (the banner).
   */
  async list(upcoming: boolean): Promise<PlanView[]> {
    const now = this.clock.now();
    const rows = await this.plans.find({
      where: upcoming ? { enddate: MoreThanOrEqual(seoulDate(now)) } : {},
      order: { startdate: 'ASC', id: 'ASC' },
    });
    return rows.map((plan) => this.view(plan, now));
  }

  /** One plan. @throws ApiError 404 `일정을 찾을 수 없습니다.` */
  async get(id: number): Promise<PlanView> {
    const plan = await this.plans.findOneBy({ id });
    if (!plan) throw new ApiError(404, messages.planNotFound);
    return this.view(plan, this.clock.now());
  }

  private view(plan: Plan, now: Date): PlanView {
    return {
      id: plan.id,
      title: plan.title,
      startdate: plan.startdate,
      enddate: plan.enddate,
      status: planStatus(plan.startdate, now),
    };
  }
}
