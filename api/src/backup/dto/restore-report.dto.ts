import { ApiProperty } from '@nestjs/swagger';

/** What an archive holds and what restoring it replaces (docs/decisions/0029-backup-restore-upgrade.md). */
export class RestoreReportDto {
  /** When the archive was made (ISO 8601). */
  createdAt!: string;
  /** Rows per table (`links`, `plans`, `popup_slots`, `cover`, …) and `images` in the archive. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { links: 26, images: 27 } })
  archive!: Record<string, number>;
  /** The same counts of the site now: what a restore replaces. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { links: 24, images: 25 } })
  current!: Record<string, number>;
}

/** `POST /api/backup/check` and `POST /api/backup/restore`: `{ message, product }` (docs/decisions/0001-response-envelope.md). */
export class RestoreResponse {
  /** One Korean sentence. */
  message!: string;
  product!: RestoreReportDto;
}
