import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdpAccounts } from './idp-accounts';
import { PeopleController } from './people.controller';
import { PeopleService } from './people.service';

/** The owner's people screen's API (issue 27 item 2): `/api/people`, forwarded to the identity provider. */
@Module({ imports: [AuditModule], controllers: [PeopleController], providers: [PeopleService, IdpAccounts] })
export class PeopleModule {}
