import { Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/** Backup and restore of the whole site (issue 12). */
@Module({ controllers: [BackupController], providers: [BackupService] })
export class BackupModule {}
