import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '../auth/principal';
import { Clock } from '../common/clock';
import type { AdministratorDto } from './dto/administrator.dto';

/**
 * Administrators, upserted from their tokens at `POST /api/login` (docs/decisions/0002-entities.md,
 * docs/decisions/0003-api-calls.md).
 */
@Injectable()
export class AdminsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a sign-in (docs/decisions/0002-entities.md "Administrator", docs/decisions/0003-api-calls.md
   * `POST /api/login`): one row per `sub`, inserted on the first sign-in; username, name and email follow the token
   * every time; `last_login_at` = now. One statement (`INSERT … ON CONFLICT (sub) DO UPDATE`), so two first sign-ins at
   * once still make one row.
   */
  async recordLogin(principal: Principal): Promise<AdministratorDto> {
    const [row] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO administrators (sub, username, name, email, last_login_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sub) DO UPDATE
         SET username = EXCLUDED.username, name = EXCLUDED.name, email = EXCLUDED.email, last_login_at = EXCLUDED.last_login_at
       RETURNING id`,
      [principal.sub, principal.username, principal.name, principal.email, this.clock.now()],
    );
    return {
      id: row!.id,
      username: principal.username,
      name: principal.name,
      email: principal.email,
      roles: principal.roles,
    };
  }
}
