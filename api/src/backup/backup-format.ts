/**
 * The backup archive, format 1 (docs/decisions/0029-backup-restore-upgrade.md; documented in docs/backup.md).
 *
 * A gzip-compressed tar file, entries in this order:
 *   format.json            `{ format: 'linksite-backup', version: 1 }`: read first, so a foreign or newer archive is
 *                          refused before anything else is read
 *   data/images.ndjson     one JSON object a line per stored image: its row without the bytes
 *   images/<key>           the original bytes of each image; <key> is their SHA-256, checked on restore
 *   data/<table>.ndjson    one JSON object a line per row of each table of BACKUP_TABLES (`row_to_json`)
 *   manifest.json          `{ format, version, createdAt, schema: [migration names], files: { <path>: { rows?,
 *                          bytes, sha256 } } }`: written last, when every file is known; a restore checks every entry
 *                          against it, so a damaged or truncated archive is refused
 *
 * Rows carry column names, not positions: restoring into a database with later migrations fills the columns the
 * archive does not know with their defaults; an archive made by a schema the site does not know (a newer site) is
 * refused; a table added by a later migration (`since`) is empty when an older archive has no file for it. Bookings
 * (names and phone numbers until BOOKING_RETENTION_DAYS erases them) are in an archive; administrators (recreated at
 * their next sign-in), raw analytics events and derived data (image variants) are not.
 */

/** The `format` field of format.json and manifest.json. */
export const BACKUP_FORMAT = 'linksite-backup';

/** The archive layout this code writes and the newest it reads. */
export const BACKUP_VERSION = 1;

/** One table of an archive. */
export interface BackupTable {
  name: string;
  /** The columns its rows are written in order of (its primary key). */
  orderBy: string;
  /**
   * The migration that created it, for tables added after format 1 first shipped: an archive whose schema predates
   * that migration has no file for the table, and restores it empty.
   */
  since?: string;
}

/**
 * The tables an archive holds besides `images`, in the order a restore inserts them (referenced tables first). The
 * popup's bookings are in (a restore replaces the slots, and a move must not lose who booked them; names and phones
 * already erased stay erased), and so are the analytics rollups (docs/decisions/0027-first-party-analytics.md); the raw
 * analytics events are not.
 */
export const BACKUP_TABLES: readonly BackupTable[] = [
  { name: 'links', orderBy: 'id' },
  { name: 'plans', orderBy: 'id' },
  { name: 'popup_slots', orderBy: 'id' },
  { name: 'cover', orderBy: 'id' },
  { name: 'popup_info', orderBy: 'id', since: 'PopupBookings1795608000000' },
  { name: 'bookings', orderBy: 'id', since: 'PopupBookings1795608000000' },
  ...[
    { name: 'analytics_daily', orderBy: 'day' },
    { name: 'analytics_daily_paths', orderBy: 'day, path' },
    { name: 'analytics_daily_links', orderBy: 'day, link_id, path' },
    { name: 'analytics_daily_referrers', orderBy: 'day, host' },
    { name: 'analytics_daily_keywords', orderBy: 'day, keyword' },
    { name: 'analytics_daily_devices', orderBy: 'day, device' },
    { name: 'analytics_daily_utm_sources', orderBy: 'day, source' },
  ].map((table) => ({ ...table, since: 'Analytics1795521600000' })),
];

/**
 * Emptied by a restore without being in an archive: the site's own raw analytics events (they would otherwise be
 * rolled up again over the restored days).
 */
export const CLEARED_BY_RESTORE = ['analytics_events'] as const;

/** The columns of an image row in data/images.ndjson (everything but the bytes, which are images/<key>). */
export const IMAGE_COLUMNS = ['key', 'content_type', 'width', 'height', 'byte_size', 'created_at'] as const;

/** What format.json holds. */
export interface BackupHeader {
  format: string;
  version: number;
}

/** What manifest.json holds. */
export interface BackupManifest extends BackupHeader {
  /** ISO 8601 instant of the backup. */
  createdAt: string;
  /** The migrations applied to the database it was made from, in order. */
  schema: string[];
  /** Every entry but format.json and manifest.json, by path. */
  files: Record<string, { bytes: number; sha256: string; rows?: number }>;
}

/** Rows per table and images of an archive or a database: what a restore replaces with what. */
export type BackupCounts = Record<string, number>;

export const dataFile = (table: string): string => `data/${table}.ndjson`;
export const imageFile = (key: string): string => `images/${key}`;
