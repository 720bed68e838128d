import { Controller, Get, Res } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ShutdownState, stoppingBody } from '../common/shutdown-state';
import { ApiErrors } from '../openapi/api-errors';
import { SkipRateLimit } from '../rate-limit/rate-limit.decorator';
import { LivenessResponse, ReadinessResponse, UnavailableResponse } from './dto/health.dto';
import { Public } from '../auth/public.decorator';

type ReadyAnswer = ReadinessResponse | UnavailableResponse;

/** Longest wait for `SELECT 1` before the database counts as down. */
const DB_CHECK_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for load balancers and orchestrators (docs/decisions/0017-stateless-api.md), run by `@nestjs/terminus`
 * (docs/decisions/0047-logs-metrics-audit.md): its HealthCheckService runs the indicators (readiness: TypeORM's `SELECT 1` ping with a 2 s
 * limit; liveness: none), and the answers keep the shapes the probes, scripts and contract already know.
 * Liveness never touches the database, so a database outage makes replicas unready, not restarted.
 */
@ApiTags('health')
@SkipRateLimit()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  /**
   * `GET /api/health`: readiness, as it has been since docs/decisions/0003-api-calls.md (same answers as `/api/health/ready`).
   * Kept for existing callers (scripts/start.mjs, the image's HEALTHCHECK, the gateway test).
   */
  @Get()
  @Public()
  @ApiOperation({ summary: '상태 확인 (준비 상태와 같음)', description: 'Same as `GET /api/health/ready`.' })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiErrors({ 503: { type: UnavailableResponse, sentences: [messages.databaseDown, messages.serverStopping] } })
  check(@Res({ passthrough: true }) response: Response): Promise<ReadyAnswer> {
    return this.ready(response);
  }

  /**
   * `GET /api/health/live`: the process serves HTTP. Always 200 `{ status: 'ok' }`, no database call
   * (a terminus check with no indicator).
   */
  @Get('live')
  @Public()
  @ApiOperation({
    summary: '생존 확인',
    description: "200 `{ status: 'ok' }` whenever the process answers HTTP; no database call.",
  })
  async live(): Promise<LivenessResponse> {
    await this.health.check([]);
    return { status: 'ok' };
  }

  /**
   * `GET /api/health/ready`: may this replica get traffic?
   * 200 `{ status: 'ok', database: 'up' }` when terminus's TypeORM ping (`SELECT 1`) answers within 2 s;
   * 503 `{ statusCode, message: messages.databaseDown, requestId }` otherwise;
   * 503 `{ statusCode, message: messages.serverStopping, status: 'stopping', requestId }` once SIGTERM/SIGINT arrived,
   * so a load balancer drains the replica (the drain middleware gives the same answer to new requests).
   */
  @Get('ready')
  @Public()
  @ApiOperation({
    summary: '준비 상태 확인',
    description:
      "200 `{ status: 'ok', database: 'up' }` after `SELECT 1` (2 s limit); 503 when the database does not answer; 503 `{ status: 'stopping' }` while shutting down.",
  })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiErrors({ 503: { type: UnavailableResponse, sentences: [messages.databaseDown, messages.serverStopping] } })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyAnswer> {
    if (this.shutdown.stopping) {
      response.status(503).setHeader('Connection', 'close');
      return stoppingBody(messages.serverStopping, response.req.id);
    }
    try {
      await this.health.check([() => this.database.pingCheck('database', { timeout: DB_CHECK_TIMEOUT_MS })]);
    } catch {
      throw new ApiError(503, messages.databaseDown);
    }
    return { status: 'ok', database: 'up' };
  }
}
