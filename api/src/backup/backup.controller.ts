import { applyDecorators, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { messages } from '../common/messages';
import { DEFAULT_BACKUP_MAX_BYTES } from '../config/app-config';
import { BACKUP_DECOMPRESSION_LIMITS } from './read-backup';
import { ApiErrors } from '../openapi/api-errors';
import { BackupService } from './backup.service';
import { RestoreResponse } from './dto/restore-report.dto';

/** Every sentence an archive upload may be refused with. */
const ARCHIVE_ERRORS = [
  messages.backupForeign,
  messages.backupNewerFormat(2, 1),
  messages.backupNewerSchema(['<migration>']),
  messages.backupDamaged('<entry>'),
  messages.backupTruncated,
  messages.backupUnexpectedEntry('<entry>'),
  messages.backupUnknownColumn('<table>', '<column>'),
  messages.backupRowInvalid('<table>', 1, '<the API input rule the row breaks>'),
  messages.backupEntryTooLarge('<entry>', BACKUP_DECOMPRESSION_LIMITS.entryMaxBytes),
  messages.backupUnpackedTooLarge(BACKUP_DECOMPRESSION_LIMITS.totalMaxBytes),
];

/** The archive as the raw request body. */
const ApiArchiveBody = () =>
  applyDecorators(
    ApiConsumes('application/gzip'),
    ApiBody({
      description: 'The archive, as GET /api/backup gave it.',
      schema: { type: 'string', format: 'binary' },
    }),
  );

/**
 * Backup and restore of the whole site (docs/decisions/0026-creator-features.md, administrator only): one archive (docs/backup.md) with links,
 * plans, popup slots, the cover and the original image bytes.
 */
@ApiTags('backup')
@Controller('backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  /** `GET /api/backup` → the archive of the site now, as a download (`linksite-backup-YYYYMMDD-HHmmss.tar.gz`). */
  @Get()
  @ApiOperation({
    summary: '백업 받기',
    description: 'A gzip-compressed tar archive, format 1 (docs/backup.md), from one consistent snapshot.',
  })
  @ApiResponse({
    status: 200,
    description: 'The archive',
    content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
  })
  async download(@Res() res: Response): Promise<void> {
    await this.backups.download(res);
  }

  /**
   * `POST /api/backup/check`, the archive as the body → `{ message, product: { createdAt, archive, current } }`:
   * the whole archive read and checked, nothing changed. 400 with a Korean message for an archive that cannot be
   * restored: damaged, foreign, newer, with a column this version does not have (docs/decisions/0096-smaller-hardening.md) or a row the API
   * would refuse as input, its table and row named (docs/decisions/0094-restore-validates.md); 413 over BACKUP_MAX_BYTES.
   */
  @Post('check')
  @HttpCode(200)
  @ApiArchiveBody()
  @ApiOperation({
    summary: '백업 파일 확인',
    description: 'Reads and checks the whole archive and says what a restore would replace. Changes nothing.',
  })
  @ApiErrors({ 400: ARCHIVE_ERRORS, 413: [messages.backupTooLarge(DEFAULT_BACKUP_MAX_BYTES)] })
  async check(@Req() req: Request): Promise<RestoreResponse> {
    return { message: messages.backupChecked, product: await this.backups.check(req) };
  }

  /**
   * `POST /api/backup/restore`, the archive as the body → `{ message, product }`: the site's content replaced by the
   * archive's in one transaction, after the checks of `check`; on any refusal (400, 413) nothing changes, a row the
   * database's own rules refuse (a table without an API input: the cover, the analytics rollups) included.
   */
  @Post('restore')
  @HttpCode(200)
  @ApiArchiveBody()
  @ApiOperation({
    summary: '백업 복원',
    description:
      'Replaces links, plans, popup slots (bookings of the old slots go with them), the cover and the images with the archive’s, in one transaction.',
  })
  @ApiErrors({
    400: [...ARCHIVE_ERRORS, messages.backupTableInvalid('<table>')],
    413: [messages.backupTooLarge(DEFAULT_BACKUP_MAX_BYTES)],
  })
  async restore(@Req() req: Request): Promise<RestoreResponse> {
    return { message: messages.backupRestored, product: await this.backups.restore(req) };
  }
}
