import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdpAccounts } from './idp-accounts';
import { PeopleController } from './people.controller';
import { PeopleService } from './people.service';

/**
 * The owner's people screen's API (docs/decisions/0080-people-invites-totp.md): `/api/people`, forwarded to the
 * identity provider.
 */
@Module({ imports: [AuditModule], controllers: [PeopleController], providers: [PeopleService, IdpAccounts] })
export class PeopleModule {}
