import { messages } from '../common/messages';
import { LINK_DISCLOSURE, type ChoiceField } from '../common/shared-rules';
import type { AuditRecord } from './audit.service';

const words = messages.auditWords;

/** One changed field of an audit entry, as a person reads it (docs/decisions/0082-korean-audit-log.md). */
export interface AuditChange {
  /** Stable name of the field (`pname`, `photo`, `showFrom`…), for clients that style or filter them. */
  field: string;
  /** Its label on the screens' forms (`링크 이름`, `공개 시작`…). */
  label: string;
  /** The value before the write, formatted (Seoul times, 예/아니요…); null when there was no row (a creation). */
  before: string | null;
  /** The value after the write, formatted; null when the row is gone. */
  after: string | null;
}

/** What {@link describeAuditEntry} makes of an entry. */
export interface AuditDescription {
  /** What happened, in the screens' words: `링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)`, `예약 받기 멈춤 · 1회차 · …`. */
  title: string;
  /** The fields that changed; empty for a deletion (the title names what was deleted) and for a restore. */
  changes: AuditChange[];
}

/**
 * What the entry's own row does not hold: the booking's name, read from the live `bookings` row when the entry is
 * read, so the audit trail never copies personal data and forgets the name when the booking's is erased
 * (docs/decisions/0030-popup-bookings.md).
 */
export interface AuditContext {
  bookingName?: string | null;
}

type Row = Record<string, unknown>;

const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });
const calendarDay = new Intl.DateTimeFormat('ko-KR', { timeZone: 'UTC', dateStyle: 'long' });

/** `2026-11-26T21:13:00+00:00` → `2026년 11월 27일 오전 6:13` (Asia/Seoul); anything else as it is. */
function formatInstant(value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? String(value) : seoulTime.format(time);
}

/** `2026-12-01` (a plan's day, no time zone) → `2026년 12월 1일`. */
function formatDay(value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : NaN;
  return Number.isNaN(time) ? String(value) : calendarDay.format(time);
}

const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One field of an entity as the audit shows it: `read` takes the compared value from a snapshot row (column names of
 * the table), `show` formats a non-empty one, `empty` is what an empty one reads as. `onCreate: false` leaves it out
 * of a creation's list (a new link's position is not something the form set). `replaced`: the two words shown when
 * the value changed but reads the same (one uploaded photo for another).
 */
interface Field {
  field: string;
  label: string;
  read: (row: Row) => unknown;
  show: (value: unknown) => string;
  empty?: string;
  onCreate?: false;
  replaced?: readonly [string, string];
}

const column =
  (name: string) =>
  (row: Row): unknown =>
    row[name];
const text = (value: unknown): string => String(value);
const photoReplaced = [words.previousPhoto, words.newPhoto] as const;
const label = words.fields;

/**
 * A field whose value is one of a few, declared with its label and its values' names (`LINK_DISCLOSURE` of
 * common/shared-rules.ts): shown by those names. Its first value is the default, shown as empty (by its name), so a
 * creation that kept the default, or a snapshot older than the column, does not list it.
 */
const choiceField = (name: string, { label: labelText, names }: ChoiceField): Field => {
  const [defaultValue] = Object.keys(names);
  return {
    field: name,
    label: labelText,
    read: (row) => (row[name] === defaultValue ? null : row[name]),
    show: (value) => names[String(value)] ?? String(value),
    empty: defaultValue === undefined ? undefined : names[defaultValue],
  };
};

const LINK_FIELDS: readonly Field[] = [
  { field: 'pname', label: label.pname, read: column('pname'), show: text },
  {
    field: 'tags',
    label: label.tags,
    read: column('tags'),
    show: (value) => (Array.isArray(value) ? value.join(', ') : String(value)),
  },
  { field: 'link', label: label.link, read: column('link'), show: text },
  {
    field: 'photo',
    label: label.photo,
    // An uploaded image wins over an external address (links.image_key, docs/decisions/0004-image-uploads.md).
    read: (row) => (row.image_key ? { key: row.image_key } : row.imagelink ? { url: row.imagelink } : null),
    show: (value) => (value as { url?: string }).url ?? words.uploadedPhoto,
    replaced: photoReplaced,
  },
  { field: 'enabled', label: label.enabled, read: column('enabled'), show: (v) => (v ? words.yes : words.no) },
  // docs/decisions/0070-disclosure-label.md: 광고 표시 as the form's choices name it.
  choiceField('disclosure', LINK_DISCLOSURE),
  { field: 'showFrom', label: label.showFrom, read: column('show_from'), show: formatInstant, empty: words.noLimit },
  { field: 'showUntil', label: label.showUntil, read: column('show_until'), show: formatInstant, empty: words.noLimit },
  {
    field: 'position',
    label: label.position,
    read: column('pcode'),
    show: (value) => words.position(asNumber(value) + 1),
    onCreate: false,
  },
];

const PLAN_FIELDS: readonly Field[] = [
  { field: 'title', label: label.planTitle, read: column('title'), show: text },
  { field: 'startdate', label: label.planStart, read: column('startdate'), show: formatDay },
  { field: 'enddate', label: label.planEnd, read: column('enddate'), show: formatDay },
];

const SLOT_FIELDS: readonly Field[] = [
  { field: 'turn', label: label.turn, read: column('cnt'), show: (v) => words.turn(String(v)), empty: words.noTurn },
  { field: 'startdate', label: label.slotStart, read: column('startdate'), show: formatInstant },
  { field: 'enddate', label: label.slotEnd, read: column('enddate'), show: formatInstant },
  { field: 'count', label: label.headCount, read: column('head_count'), show: (v) => words.people(asNumber(v)) },
  { field: 'table', label: label.tables, read: column('bookable_tables'), show: (v) => words.tables(asNumber(v)) },
  {
    field: 'bookingOpensAt',
    label: label.opensAt,
    read: column('booking_opens_at'),
    show: formatInstant,
    empty: words.opensAtDefault,
  },
  {
    field: 'bookingClosesAt',
    label: label.closesAt,
    read: column('booking_closes_at'),
    show: formatInstant,
    empty: words.closesAtDefault,
  },
  {
    field: 'cancelHoursBefore',
    label: label.cancelHours,
    read: column('cancel_hours_before'),
    show: (v) => words.hoursBefore(asNumber(v)),
  },
  { field: 'partyMin', label: label.partyMin, read: column('party_min'), show: (v) => words.people(asNumber(v)) },
  { field: 'partyMax', label: label.partyMax, read: column('party_max'), show: (v) => words.people(asNumber(v)) },
  {
    field: 'bookingEnabled',
    label: label.bookingEnabled,
    read: column('booking_enabled'),
    show: (v) => (v ? words.bookingOn : words.bookingOff),
  },
];

const BOOKING_FIELDS: readonly Field[] = [
  { field: 'status', label: label.status, read: column('status'), show: (v) => words.status[String(v)] ?? String(v) },
  { field: 'partySize', label: label.partySize, read: column('party_size'), show: (v) => words.people(asNumber(v)) },
];

const imageField = (labelText: string): Field => ({
  field: 'image',
  label: labelText,
  read: column('image_key'),
  show: () => words.uploadedPhoto,
  replaced: photoReplaced,
});

const POPUP_INFO_FIELDS: readonly Field[] = [
  { field: 'title', label: label.infoTitle, read: column('title'), show: text },
  { field: 'place', label: label.infoPlace, read: column('place'), show: text },
  { field: 'notice', label: label.infoNotice, read: column('notice'), show: text },
  imageField(label.infoImage),
];

/**
 * An account (docs/decisions/0080-people-invites-totp.md): its role and status as the people screen names them. The
 * snapshots (people/people.service.ts `personSnapshot`) hold id, username, name, role and status: never an email
 * address or an invitation link.
 */
const PERSON_FIELDS: readonly Field[] = [
  { field: 'role', label: label.role, read: column('role'), show: (v) => words.roles[String(v)] ?? String(v) },
  {
    field: 'status',
    label: label.accountStatus,
    read: column('status'),
    show: (v) => words.accountStatus[String(v)] ?? String(v),
  },
];

/**
 * The fields each entity shows, in the order of its form. Everything else of its table is left out on purpose:
 * ids, `version`, image keys (shown as 사진), idempotency keys, timestamps (`created_at`, `updated_at`, a booking's
 * `checked_in_at`…) and counters no administrator edits (`booked_people`, `booked_tables`).
 */
const FIELDS: Readonly<Record<string, readonly Field[]>> = {
  link: LINK_FIELDS,
  plan: PLAN_FIELDS,
  popup: SLOT_FIELDS,
  booking: BOOKING_FIELDS,
  'popup-info': POPUP_INFO_FIELDS,
  cover: [imageField(label.coverImage)],
  person: PERSON_FIELDS,
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A field's value for people: its `show`, or its `empty` word (`(비어 있음)` by default) when there is none. */
const display = (field: Field, value: unknown): string =>
  isEmpty(value) ? (field.empty ?? words.empty) : field.show(value);

/**
 * The changes of one entry: for a creation (no `before`) every field that has a value, for a deletion (no `after`)
 * none, otherwise the fields whose value differs, in form order. `only` narrows the fields (an image upload whose
 * `before` the interceptor could not read: its multipart body names the link only after the handler parsed it).
 */
function changesOf(fields: readonly Field[], before: Row | null, after: Row | null, only?: string[]): AuditChange[] {
  if (!after) return [];
  const chosen = only ? fields.filter((field) => only.includes(field.field)) : fields;
  if (!before) {
    return chosen
      .filter((field) => field.onCreate !== false && (only || !isEmpty(field.read(after))))
      .map((field) => ({
        field: field.field,
        label: field.label,
        before: null,
        after: display(field, field.read(after)),
      }));
  }
  return chosen.flatMap((field) => {
    const [was, is] = [field.read(before), field.read(after)];
    if (same(was, is)) return [];
    let [shownBefore, shownAfter] = [display(field, was), display(field, is)];
    if (shownBefore === shownAfter && field.replaced) [shownBefore, shownAfter] = field.replaced;
    return [{ field: field.field, label: field.label, before: shownBefore, after: shownAfter }];
  });
}

const asRow = (value: unknown): Row | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;

/** `‘name’` when the row has one, else `#id`, else nothing. */
function nameOf(value: unknown, id: number | null): string {
  if (typeof value === 'string' && value !== '') return words.quoted(value);
  return id === null ? '' : `#${id}`;
}

const squash = (title: string): string => title.replace(/\s+/g, ' ').trim();

/** A slot by its turn and start: `1회차 · 2026년 12월 1일 오후 2:00`; `#id` when the row is unknown. */
function slotName(row: Row | null, id: number | null): string {
  if (!row) return id === null ? '' : `#${id}`;
  const turn = typeof row.cnt === 'string' && row.cnt !== '' ? row.cnt : null;
  return words.slotName(turn, formatInstant(row.startdate));
}

/** What a title is made from: the row (`after`, or `before` once deleted), both snapshots, the id, the context. */
interface Subject {
  row: Row | null;
  before: Row | null;
  after: Row | null;
  id: number | null;
  context: AuditContext;
}

/** A route's title, and the fields it may show when not all of them. */
type Describe = (subject: Subject) => { title: string; only?: string[] };

const link =
  (make: (name: string) => string, only?: string[]): Describe =>
  ({ row, id }) => ({
    title: make(nameOf(row?.pname, id)),
    only,
  });
const plan =
  (make: (name: string) => string): Describe =>
  ({ row, id }) => ({ title: make(nameOf(row?.title, id)) });
const slot =
  (make: (name: string) => string): Describe =>
  ({ row, id }) => ({ title: make(words.quoted(slotName(row, id))) });
/** A booking by the name it holds now, else by its code; only its state changes here. */
const booking =
  (make: (booking: string) => string): Describe =>
  ({ row, id, context }) => {
    const code = typeof row?.code === 'string' ? row.code : id === null ? '' : `#${id}`;
    return { title: make(words.bookingOf(context.bookingName ?? null, code)), only: ['status'] };
  };

/** An account by its name (`김하늘`), else its username, else its id. */
const personName = (row: Row | null): string => {
  for (const value of [row?.name, row?.username, row?.id]) if (typeof value === 'string' && value !== '') return value;
  return '?';
};
const roleName = (value: unknown): string => words.roles[String(value)] ?? String(value);

/**
 * `PATCH /api/people/:id`: what changed, in the order a person reads it: the role (`역할 변경: 편집자 → 스태프`), then
 * 사용 중지 / 다시 사용; both in one title when one request did both.
 */
const personPatched: Describe = ({ row, after, before }) => {
  const name = personName(row);
  const titles: string[] = [];
  if (before && after && before.role !== after.role) {
    titles.push(words.personRoleChanged(name, roleName(before.role), roleName(after.role)));
  }
  if (
    before &&
    after &&
    before.status !== after.status &&
    (before.status === 'disabled' || after.status === 'disabled')
  ) {
    titles.push((after.status === 'disabled' ? words.personDisabled : words.personEnabled)(name));
  }
  return { title: titles.join(' · ') || words.personChanged(name) };
};

/** `METHOD route` (audit-subjects.ts) → its title, and the fields it may show when not all of them. */
const RULES: Readonly<Record<string, Describe>> = {
  'POST /api/store/create': ({ after, id }) => ({
    title: words.linkCreated(nameOf(after?.pname, id), Boolean(after?.image_key || after?.imagelink)),
  }),
  'POST /api/store/create/with-image': ({ after, id }) => ({
    title: words.linkCreated(nameOf(after?.pname, id), true),
  }),
  'PUT /api/main/update/:id': link(words.linkUpdated),
  'PUT /api/main/update/:id/with-image': link(words.linkUpdated),
  'DELETE /api/main/delete/:id': link(words.linkDeleted),
  'PUT /api/main/update/order/:id/:to/:from': link(words.linkMoved, ['position']),
  'POST /api/image': link(words.linkPhotoChanged, ['photo']),
  'PUT /api/image/:id': link(words.linkPhotoChanged, ['photo']),
  'POST /api/plan': plan(words.planCreated),
  'PUT /api/plan/update/:id': plan(words.planUpdated),
  'DELETE /api/plan/delete/:id': plan(words.planDeleted),
  'POST /api/popup': slot(words.slotCreated),
  'PUT /api/popup/update/:id': slot(words.slotUpdated),
  'DELETE /api/popup/delete/:id': slot(words.slotDeleted),
  'PUT /api/popup/:id/booking-enabled': ({ row, id, after }) => ({
    title: (after?.booking_enabled === false ? words.bookingClosed : words.bookingOpened)(slotName(row, id)),
    only: ['bookingEnabled'],
  }),
  'POST /api/popup/bookings/:id/check-in': booking(words.bookingCheckedIn),
  'POST /api/popup/waitlist/:id/remove': ({ row, id }) => ({
    title: words.waitlistRemoved(typeof row?.code === 'string' ? row.code : `#${id ?? ''}`),
    only: ['status'],
  }),
  'POST /api/popup/bookings/:id/no-show': booking(words.bookingNoShow),
  'POST /api/popup/bookings/:id/cancel': booking(words.bookingCancelled),
  'PUT /api/popup/info': () => ({ title: words.popupInfoUpdated }),
  'POST /api/popup/info/image': () => ({ title: words.popupInfoImageChanged, only: ['image'] }),
  'POST /api/cover/image': () => ({ title: words.coverChanged }),
  'POST /api/backup/restore': () => ({ title: words.siteRestored }),
  'POST /api/people/invitations': ({ row }) => ({
    title: words.personInvited(personName(row), roleName(row?.role)),
    only: ['role'],
  }),
  'POST /api/people/:id/invitations': ({ row }) => ({ title: words.personReinvited(personName(row)), only: [] }),
  'PATCH /api/people/:id': personPatched,
};

/** Every `METHOD route` {@link describeAuditEntry} has its own title for (the rest get `기타 변경 (…)`). */
export const DESCRIBED_ROUTES: ReadonlySet<string> = new Set(Object.keys(RULES));

/**
 * An audit entry in the screens' words (docs/decisions/0082-korean-audit-log.md): a pure function of the stored entry
 * (and the booking's live name, {@link AuditContext}) → `{ title, changes }`.
 * - title: what happened, named by what it happened to (`링크 ‘수제 딸기잼 세트’ 추가 (사진 포함)`, `일정 ‘전시’ 삭제`,
 *   `김하늘 님 예약 입장 확인`, `예약 받기 멈춤 · 1회차 · 2026년 12월 1일 오후 2:00`, `커버 이미지 변경`, `백업 복원`);
 *   a write with no rule of its own (a route added later) reads `기타 변경 (POST /api/…)`. No phone number ever.
 * - changes: {@link changesOf}, with the forms' labels and values for people: times in Asia/Seoul
 *   (`2026년 11월 27일 오전 6:13`), days as `2026년 12월 1일`, booleans as 예/아니요 (받음/받지 않음), counts with their
 *   unit; internal columns are left out ({@link FIELDS}).
 */
export function describeAuditEntry(
  entry: Pick<AuditRecord, 'method' | 'route' | 'entity' | 'entityId' | 'before' | 'after'>,
  context: AuditContext = {},
): AuditDescription {
  const before = asRow(entry.before);
  const after = asRow(entry.after);
  const rule = RULES[`${entry.method} ${entry.route}`];
  const fields = (entry.entity && FIELDS[entry.entity]) || [];
  if (!rule) {
    return { title: words.otherWrite(entry.method, entry.route), changes: changesOf(fields, before, after) };
  }
  const described = rule({ row: after ?? before, before, after, id: entry.entityId, context });
  return { title: squash(described.title), changes: changesOf(fields, before, after, described.only) };
}
