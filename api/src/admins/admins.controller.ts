import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Principal } from '../auth/principal';
import { messages } from '../common/messages';
import { AdminsService } from './admins.service';
import { LoginResponse } from './dto/administrator.dto';
import { Roles } from '../auth/roles.decorator';

@ApiTags('auth')
@Controller()
export class AdminsController {
  constructor(private readonly admins: AdminsService) {}

  /**
   * `POST /api/login` with the bearer access token, no body (docs/decisions/0003-api-calls.md, docs/decisions/0005-authentication.md) → 200
   * `{ message, product: { id, username, name, email, roles } }`, after upserting the administrator by `sub`.
   * 401 without a valid token, 403 without the administrator role, 503 issuer down.
   */
  @Roles('editor', 'staff')
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: '관리자 로그인 기록',
    description:
      'Upserts the administrator of the bearer token by `sub` (username = preferred_username, name, email, last_login_at = now); the shell keeps `product` in sessionStorage `user`.',
  })
  async login(@CurrentUser() user: Principal): Promise<LoginResponse> {
    return { message: messages.loggedIn, product: await this.admins.recordLogin(user) };
  }
}
