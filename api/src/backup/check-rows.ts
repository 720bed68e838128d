import type { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { ApiError, type ErrorEnvelope } from '../common/api-error';
import { inputColumns } from '../common/input-columns';
import { messages } from '../common/messages';
import { InputShapePipe, SafeTextPipe } from '../common/safe-input';
import { createValidationPipe } from '../common/validation';
import { CreateBookingDto } from '../bookings/dto/create-booking.dto';
import { CreatePopupInfoDto } from '../bookings/dto/create-popup-info.dto';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { UpdateLinkDto } from '../links/dto/update-link.dto';
import { Link } from '../links/link.entity';
import { UpdatePlanDto } from '../plans/dto/update-plan.dto';
import { UpdatePopupDto } from '../popups/dto/update-popup.dto';
import { BackupError } from './read-backup';

type Row = Record<string, unknown>;

/** A link as one body: CreateLinkDto's fields and UpdateLinkDto's `version`. */
class LinkRowDto extends IntersectionType(CreateLinkDto, PickType(UpdateLinkDto, ['version'] as const)) {}

/**
 * The links columns a row's body is made of, `field: column`: the Link entity's columns LinkRowDto writes
 * (common/input-columns.ts), so a new link field is checked here as soon as the entity and the DTO have it
 * (docs/decisions/0070-disclosure-label.md: `disclosure`). The stored tags are the one input under another name
 * (`tag`, below).
 */
const LINK_INPUT_COLUMNS: Record<string, string> = Object.fromEntries(
  inputColumns(LinkRowDto, Link).map(({ property, column }) => [property, column]),
);

/** A booking whose name and phone number were erased (BOOKING_RETENTION_DAYS): the rest of CreateBookingDto. */
class ErasedBookingRowDto extends OmitType(CreateBookingDto, ['name', 'phone'] as const) {}

/** How the rows of one table are checked: as the body of the API call that writes such a row. */
interface RowInput {
  /** The DTO of that call. */
  dto: (row: Row) => Type<object>;
  /** The row as that body: DTO field → its value; a column the archive does not have stays absent. */
  body: (row: Row) => Row;
}

/** `{ field: row[column] }` for each `field: column` whose column the row has. */
const fields = (row: Row, columns: Record<string, string>): Row =>
  Object.fromEntries(
    Object.entries(columns).flatMap(([field, column]) => (column in row ? [[field, row[column]]] : [])),
  );

/**
 * Stored tags (a text[]) as the form's one tag string (docs/decisions/0002-entities.md), so the tag rules count and
 * measure them. Anything but a list of strings becomes a list, which the tag rule refuses as no string (a string would
 * pass as tags, and PostgreSQL reads `"{a,b}"` as an array, past those rules).
 */
const tagInput = (tags: unknown): unknown =>
  Array.isArray(tags) && tags.every((tag) => typeof tag === 'string') ? tags.join(', ') : [tags];

/**
 * The API input each table's rows must pass (docs/decisions/0094-restore-validates.md), by table of BACKUP_TABLES. The
 * tables without an API input of their own (the cover, set by an image upload; the analytics rollups, counted from
 * visits) are held to the database's CHECKs and types by the restore (restore-backup.ts); images to their bytes
 * (read-backup.ts).
 */
const ROW_INPUTS: Partial<Record<string, RowInput>> = {
  links: {
    dto: () => LinkRowDto,
    body: (row) => ({
      ...fields(row, LINK_INPUT_COLUMNS),
      ...('tags' in row ? { tag: tagInput(row.tags) } : {}),
    }),
  },
  plans: {
    dto: () => UpdatePlanDto,
    body: (row) => fields(row, { title: 'title', startdate: 'startdate', enddate: 'enddate', version: 'version' }),
  },
  popup_slots: {
    dto: () => UpdatePopupDto,
    body: (row) =>
      fields(row, {
        cnt: 'cnt',
        startdate: 'startdate',
        enddate: 'enddate',
        count: 'head_count',
        table: 'bookable_tables',
        bookingOpensAt: 'booking_opens_at',
        bookingClosesAt: 'booking_closes_at',
        cancelHoursBefore: 'cancel_hours_before',
        partyMin: 'party_min',
        partyMax: 'party_max',
        bookingEnabled: 'booking_enabled',
        version: 'version',
      }),
  },
  popup_info: {
    dto: () => CreatePopupInfoDto,
    body: (row) => fields(row, { title: 'title', place: 'place', notice: 'notice' }),
  },
  bookings: {
    // Erased (`erased_at` set): the name and phone are gone by design; the database's CHECK keeps them null then.
    dto: (row) => (row.erased_at === null || row.erased_at === undefined ? CreateBookingDto : ErasedBookingRowDto),
    body: (row) => ({
      ...fields(row, { slotId: 'slot_id', partySize: 'party_size' }),
      ...(row.erased_at === null || row.erased_at === undefined
        ? fields(row, { name: 'name', phone: 'phone', email: 'email' })
        : {}),
      consent: row.consent_at !== null && row.consent_at !== undefined,
      // A stored address was given with its consent (docs/decisions/0076-calendar-and-reminders.md): the same rule as a
      // visitor's booking.
      ...(row.email !== null && row.email !== undefined ? { emailConsent: true } : {}),
    }),
  },
};

/** The API's input pipes in the order configureApp installs them (configure-app.ts): shape, the DTO, safe text. */
const INPUT_PIPES: PipeTransform[] = [new InputShapePipe(), createValidationPipe(), new SafeTextPipe()];

/**
 * Checks every row of `tables` (an archive's, `ParsedBackup.tables`) against the input rules of the API call that
 * writes such a row (docs/decisions/0094-restore-validates.md): the row becomes that call's body (LinkRowDto,
 * UpdatePlanDto, UpdatePopupDto, CreatePopupInfoDto, CreateBookingDto) and goes through the same pipes as a request, so
 * a `javascript:` link, a 101-character name, a turn of '4' or a 2026-02-30 are refused as the API refuses them.
 * @throws BackupError `messages.backupRowInvalid(table, n, reason)` for the first refused row, `n` counted from 1 in
 *   the table's file, `reason` the API's own Korean sentence.
 */
export async function checkRows(tables: Record<string, Row[]>): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) {
    const input = ROW_INPUTS[table];
    if (!input) continue;
    for (const [index, row] of rows.entries()) {
      const metadata: ArgumentMetadata = { type: 'body', metatype: input.dto(row) };
      try {
        let body: unknown = input.body(row);
        for (const pipe of INPUT_PIPES) body = (await pipe.transform(body, metadata)) as unknown;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const reason = (error.getResponse() as ErrorEnvelope).message;
        throw new BackupError(messages.backupRowInvalid(table, index + 1, reason));
      }
    }
  }
}

/**
 * Checks that every row of `tables` has only columns `known[table]` lists (docs/decisions/0096-smaller-hardening.md):
 * an archive whose rows carry a column this version does not have was not made by this version, and its column would
 * otherwise be dropped without a word. A column the archive lacks is fine (an older archive; the restore gives it its
 * default).
 * @throws BackupError `messages.backupUnknownColumn(table, column)`.
 */
export function checkColumns(tables: Record<string, Row[]>, known: ReadonlyMap<string, ReadonlySet<string>>): void {
  for (const [table, rows] of Object.entries(tables)) {
    const columns = known.get(table) ?? new Set<string>();
    for (const row of rows) {
      const unknown = Object.keys(row).find((column) => !columns.has(column));
      if (unknown !== undefined) throw new BackupError(messages.backupUnknownColumn(table, unknown));
    }
  }
}
