import { Global, Module } from '@nestjs/common';
import { AdminsController } from './admins.controller';
import { AdminsService } from './admins.service';
import { DisabledAccounts } from './disabled-accounts';

/**
 * Administrators as the API knows them: their sign-ins (`POST /api/login`) and whether the owner disabled them
 * (DisabledAccounts, docs/decisions/0080-people-invites-totp.md). Global, so AccessTokenGuard (auth/) and the people
 * module reach the one DisabledAccounts of the process.
 */
@Global()
@Module({ controllers: [AdminsController], providers: [AdminsService, DisabledAccounts], exports: [DisabledAccounts] })
export class AdminsModule {}
