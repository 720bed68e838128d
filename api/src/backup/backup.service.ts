import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transform, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BackupError } from './read-backup';
import { checkBackup, restoreBackup, type RestoreReport } from './restore-backup';
import { writeBackup } from './write-backup';

/** Thrown by the byte limit of an uploaded archive. */
class TooLarge extends Error {}

/** `linksite-backup-20261123-120000.tar.gz` for an instant, in Seoul time (the creator's). */
export function backupFileName(now: Date): string {
  const seoul = new Date(now.getTime() + 9 * 3600_000).toISOString();
  return `linksite-backup-${seoul.slice(0, 10).replaceAll('-', '')}-${seoul.slice(11, 19).replaceAll(':', '')}.tar.gz`;
}

/**
 * The HTTP side of backup and restore (docs/decisions/0026-creator-features.md): downloads, uploads bounded by
 * BACKUP_MAX_BYTES, Korean errors.
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('Backup');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Streams the archive of the site now into `res` as a download. */
  async download(res: Response): Promise<void> {
    const now = this.clock.now();
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader('Content-Disposition', `attachment; filename="${backupFileName(now)}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      const counts = await writeBackup(this.dataSource, res, now);
      this.logger.log(messages.backupWritten(counts));
    } catch (error) {
      // The headers are gone: the client sees a cut download, which its gzip reader refuses.
      this.logger.error(error instanceof Error ? error.stack : String(error));
      res.destroy(error as Error);
    }
  }

  /** Reads and checks an uploaded archive, changing nothing. @throws ApiError 400 / 413 */
  check(req: Request): Promise<RestoreReport> {
    return this.guard(() => checkBackup(this.dataSource, this.bounded(req)));
  }

  /** Restores an uploaded archive in one transaction. @throws ApiError 400 / 413; nothing changed then. */
  async restore(req: Request): Promise<RestoreReport> {
    const report = await this.guard(() => restoreBackup(this.dataSource, this.bounded(req)));
    this.logger.log(messages.backupRestoredLog(report.archive));
    return report;
  }

  /**
   * The request body, refused at once when its Content-Length passes BACKUP_MAX_BYTES, else cut off with an error
   * once the bytes read pass it (a body sent without a length).
   */
  private bounded(req: Request): Readable {
    const limit = this.config.backupMaxBytes;
    if (Number(req.headers['content-length'] ?? 0) > limit) throw new TooLarge();
    const body: Readable = req;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > limit ? new TooLarge() : null, chunk);
      },
    });
    body.on('error', (error) => counter.destroy(error));
    return body.pipe(counter);
  }

  /** Archive problems as 400 with their Korean message, the size limit as 413. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof BackupError) throw new ApiError(400, error.message);
      if (error instanceof TooLarge || (error as { cause?: unknown }).cause instanceof TooLarge) {
        throw new ApiError(413, messages.backupTooLarge(this.config.backupMaxBytes));
      }
      throw error;
    }
  }
}
