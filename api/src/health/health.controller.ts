import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';

const DB_CHECK_TIMEOUT_MS = 3000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * `GET /api/health`: liveness and database readiness (DECISIONS D3).
   * 200 `{ status: 'ok', database: 'up' }` after `SELECT 1` answers within 3 s;
   * otherwise 503 `데이터베이스에 연결할 수 없습니다.`.
   */
  @Get()
  @ApiOperation({ summary: '상태 확인', description: "200 `{ status: 'ok', database: 'up' }` after `SELECT 1` (3 s limit); 503 when the database does not answer." })
  @ApiResponse({ status: 503, description: '데이터베이스에 연결할 수 없습니다.' })
  async check(): Promise<{ status: 'ok'; database: 'up' }> {
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
