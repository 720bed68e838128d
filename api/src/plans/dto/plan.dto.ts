import { ErrorResponse } from '../../common/dto/error-response.dto';
/** A schedule entry as the API answers it (docs/decisions/0002-entities.md). */
export class PlanDto {
  id!: number;
  /** Content (내용), 1–200 characters. */
  title!: string;
  /** First day, `YYYY-MM-DD`. */
  startdate!: string;
  /** Last day, `YYYY-MM-DD`, not before startdate. */
  enddate!: string;
  /** Whole days from today (Asia/Seoul) to startdate; 0 or less shows OPEN on the banner. */
  status!: number;
  /**
   * Edit version (docs/decisions/0048-no-silent-overwrite.md): 1 when created, +1 on every saved update. Send it back with an update or delete
   * (`If-Match: "<version>"`, or `version` in an update's body) to be refused with 409 instead of overwriting.
   */
  version!: number;
}

/** A stale plan update's or delete's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the plan as stored now. */
export class PlanConflictResponse extends ErrorResponse {
  product!: PlanDto;
}

/** `GET /api/plan/list`: plans ordered by startdate, id. */
export class PlanListResponse {
  product!: PlanDto[];
}

/** `GET /api/plan/select/:id`. */
export class PlanResponse {
  product!: PlanDto;
}

/** A plan write's answer: `{ message, product }` (docs/decisions/0001-response-envelope.md); a delete returns the plan as it was. */
export class PlanWriteResponse {
  /** What was done, one Korean sentence. */
  message!: string;
  product!: PlanDto;
}
