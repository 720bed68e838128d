import { Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/** Backup and restore of the whole site (docs/decisions/0026-creator-features.md). */
@Module({ controllers: [BackupController], providers: [BackupService] })
export class BackupModule {}
