import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { ShutdownState, stoppingBody } from '../common/shutdown-state';

type ReadyAnswer = { status: 'ok'; database: 'up' } | ReturnType<typeof stoppingBody>;

/** Longest wait for `SELECT 1` before the database counts as down. */
const DB_CHECK_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for load balancers and orchestrators (issue 6 "Stateless API").
 * Liveness never touches the database, so a database outage makes replicas unready, not restarted.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shutdown: ShutdownState,
  ) {}

  /**
   * `GET /api/health`: readiness, as it has been since DECISIONS D3 (same answers as `/api/health/ready`).
   * Kept for existing callers (scripts/start.mjs, the image's HEALTHCHECK, the gateway test).
   */
  @Get()
  @ApiOperation({ summary: '상태 확인 (준비 상태와 같음)', description: "Same as `GET /api/health/ready`." })
  @ApiResponse({ status: 503, description: '데이터베이스에 연결할 수 없습니다. / 서버가 종료 중입니다.' })
  check(@Res({ passthrough: true }) response: Response): Promise<ReadyAnswer> {
    return this.ready(response);
  }

  /**
   * `GET /api/health/live`: the process serves HTTP. Always 200 `{ status: 'ok' }`, no database call.
   */
  @Get('live')
  @ApiOperation({ summary: '생존 확인', description: "200 `{ status: 'ok' }` whenever the process answers HTTP; no database call." })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * `GET /api/health/ready`: may this replica get traffic?
   * 200 `{ status: 'ok', database: 'up' }` when `SELECT 1` answers within 2 s;
   * 503 `{ statusCode, message: '데이터베이스에 연결할 수 없습니다.' }` otherwise;
   * 503 `{ statusCode, message: '서버가 종료 중입니다. …', status: 'stopping' }` once SIGTERM/SIGINT arrived,
   * so a load balancer drains the replica (the drain middleware gives the same answer to new requests).
   */
  @Get('ready')
  @ApiOperation({
    summary: '준비 상태 확인',
    description: "200 `{ status: 'ok', database: 'up' }` after `SELECT 1` (2 s limit); 503 when the database does not answer; 503 `{ status: 'stopping' }` while shutting down.",
  })
  @ApiResponse({ status: 503, description: '데이터베이스에 연결할 수 없습니다. / 서버가 종료 중입니다.' })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyAnswer> {
    if (this.shutdown.stopping) {
      response.status(503).setHeader('Connection', 'close');
      return stoppingBody(messages.serverStopping);
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new ApiError(503, messages.databaseDown);
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', database: 'up' };
  }
}
