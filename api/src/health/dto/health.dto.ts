import { ErrorResponse } from '../../common/dto/error-response.dto';

/** `GET /api/health/live`: the process answers HTTP. */
export class LivenessResponse {
  status!: 'ok';
}

/** `GET /api/health/ready` (and `GET /api/health`) when this replica may get traffic. */
export class ReadinessResponse {
  status!: 'ok';
  /** `SELECT 1` answered within 2 s. */
  database!: 'up';
}

/** A 503 of the readiness probe: the error envelope, plus `status: 'stopping'` when the replica is shutting down. */
export class UnavailableResponse extends ErrorResponse {
  /** Present once SIGTERM arrived (the database being down is the other cause). */
  status?: 'stopping';
}
