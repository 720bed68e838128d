import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Principal } from '../auth/principal';
import { written, WriteEnvelope } from '../common/envelope';
import { messages } from '../common/messages';
import { AdministratorProfile, AdminsService } from './admins.service';

@ApiTags('auth')
@Controller()
export class AdminsController {
  constructor(private readonly admins: AdminsService) {}

  /**
   * `POST /api/login` with the bearer access token, no body (DECISIONS D3, D5) → 200
   * `{ message: '로그인되었습니다.', product: { id, username, name, email, roles } }`, after upserting the
   * administrator by `sub`. 401 without a valid token, 403 without the administrator role, 503 issuer down.
   */
  @Post('login')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: '관리자 로그인 기록',
    description:
      'Upserts the administrator of the bearer token by `sub` (username = preferred_username, name, email, last_login_at = now) and answers `{ message, product: { id, username, name, email, roles } }`; the shell keeps `product` in sessionStorage `user`.',
  })
  @ApiOkResponse({ description: "`{ message: '로그인되었습니다.', product: { id, username, name, email, roles } }`" })
  async login(@CurrentUser() user: Principal): Promise<WriteEnvelope<AdministratorProfile>> {
    return written(messages.loggedIn, await this.admins.recordLogin(user));
  }
}
