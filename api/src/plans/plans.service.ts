import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, MoreThanOrEqual, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { nextSeoulMidnight, seoulDate } from '../common/seoul-date';
import type { CreatePlanDto } from './dto/create-plan.dto';
import type { UpdatePlanDto } from './dto/update-plan.dto';
import { Plan } from './plan.entity';
import { planStatus } from './plan-status';
import type { PlanDto } from './dto/plan.dto';

/**
 * Schedule entries (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md): answered with dates
 * 'YYYY-MM-DD' and status in whole days (≤ 0 = OPEN).
 */
@Injectable()
export class PlansService {
  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Plans ordered by startdate, then id (docs/decisions/0003-api-calls.md `GET /api/plan/list`).
   * @param upcoming only plans whose enddate is today or later in Asia/Seoul (the banner).
   */
  /**
   * When every plan's `status` (and the upcoming list) changes: the next Seoul midnight
   * (docs/decisions/0031-public-page-from-kakaotalk.md).
   */
  nextDay(): Date {
    return nextSeoulMidnight(this.clock.now());
  }

  async list(upcoming: boolean): Promise<PlanDto[]> {
    const now = this.clock.now();
    const rows = await this.plans.find({
      where: upcoming ? { enddate: MoreThanOrEqual(seoulDate(now)) } : {},
      order: { startdate: 'ASC', id: 'ASC' },
    });
    return rows.map((plan) => this.view(plan, now));
  }

  /** One plan. @throws ApiError 404 `messages.planNotFound` */
  async get(id: number): Promise<PlanDto> {
    const plan = await this.plans.findOneBy({ id });
    if (!plan) throw new ApiError(404, messages.planNotFound);
    return this.view(plan, this.clock.now());
  }

  /**
   * Stores a new plan (docs/decisions/0003-api-calls.md `POST /api/plan`); the DTO has already checked every rule.
   * @returns the stored plan with its status.
   */
  async create(fields: CreatePlanDto): Promise<PlanDto> {
    const plan = await this.plans.save(this.plans.create(pick(fields)));
    return this.view(plan, this.clock.now());
  }

  /**
   * Replaces title and dates of plan `id` (docs/decisions/0003-api-calls.md `PUT /api/plan/update/:id`), the row
   * locked, in one transaction. Only the `plans` table is written. The version goes up by one; with `expected`
   * (docs/decisions/0048-no-silent-overwrite.md) a plan saved by someone else since that version is left as it is.
   * @throws ApiError 404 `messages.planNotFound`; 409 `messages.planEditConflict` with the stored plan in `product`.
   */
  async update(id: number, fields: UpdatePlanDto, expected?: number): Promise<PlanDto> {
    const plan = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new ApiError(404, messages.planNotFound);
      this.checkVersion(row, expected, messages.planEditConflict);
      return manager.save(Object.assign(row, pick(fields), { version: row.version + 1 }));
    });
    return this.view(plan, this.clock.now());
  }

  /**
   * Deletes plan `id` (docs/decisions/0003-api-calls.md `DELETE /api/plan/delete/:id`).
   * With `expected` (docs/decisions/0048-no-silent-overwrite.md) only while the plan is still at that version.
   * @returns the plan as it was. @throws ApiError 404 `messages.planNotFound`; 409 `messages.planDeleteConflict`
   *   with the stored plan in `product` (nothing deleted).
   */
  async remove(id: number, expected?: number): Promise<PlanDto> {
    const plan = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new ApiError(404, messages.planNotFound);
      this.checkVersion(row, expected, messages.planDeleteConflict);
      await manager.delete(Plan, { id });
      return row;
    });
    return this.view(plan, this.clock.now());
  }

  /**
   * Refuses a write loaded at another version (docs/decisions/0048-no-silent-overwrite.md). @throws ApiError 409
   * `message`, stored plan.
   */
  private checkVersion(plan: Plan, expected: number | undefined, message: string): void {
    if (expected !== undefined && plan.version !== expected) {
      throw new ApiError(409, message, undefined, this.view(plan, this.clock.now()));
    }
  }

  private view(plan: Plan, now: Date): PlanDto {
    return {
      id: plan.id,
      title: plan.title,
      startdate: plan.startdate,
      enddate: plan.enddate,
      status: planStatus(plan.startdate, now),
      version: plan.version,
    };
  }
}

/** The columns a client may write: never id or timestamps, whatever the DTO object carries. */
const pick = ({ title, startdate, enddate }: CreatePlanDto): Pick<Plan, 'title' | 'startdate' | 'enddate'> => ({
  title,
  startdate,
  enddate,
});
