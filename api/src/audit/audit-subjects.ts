/**
 * What an administrator write touches, by route template (docs/decisions/0047-logs-metrics-audit.md): the entity name
 * shown in the audit trail, the table its before/after snapshots are read from, and where its id comes from: `param`
 * the route's `:id`, `product` the answer's `product.id` (creations), `single` the one row with id 1. A write route
 * missing here is still recorded (who, when, method, route, status) with no entity and no snapshots.
 */
export interface AuditSubject {
  entity: AuditEntity;
  /** Table of the snapshots; undefined: nothing to snapshot (a restore replaces the whole site). */
  table?: string;
  id: 'param' | 'product' | 'single' | 'none';
  /**
   * Columns left out of the snapshots: personal data erased on its own schedule (docs/decisions/0030-popup-bookings.md)
   * is not copied here.
   */
  omit?: readonly string[];
}

const link: Omit<AuditSubject, 'id'> = { entity: 'link', table: 'links' };
const plan: Omit<AuditSubject, 'id'> = { entity: 'plan', table: 'plans' };
const popup: Omit<AuditSubject, 'id'> = { entity: 'popup', table: 'popup_slots' };
const booking: Omit<AuditSubject, 'id'> = { entity: 'booking', table: 'bookings', omit: ['name', 'phone', 'email'] };
const popupInfo: Omit<AuditSubject, 'id'> = { entity: 'popup-info', table: 'popup_info' };

/** `METHOD /api/route/:template` → subject. */
export const AUDIT_SUBJECTS: Readonly<Record<string, AuditSubject>> = {
  'POST /api/store/create': { ...link, id: 'product' },
  // The link and its photo in one request (docs/decisions/0051-nothing-half-saved.md), the create and edit forms' usual
  // call (docs/decisions/0082-korean-audit-log.md).
  'POST /api/store/create/with-image': { ...link, id: 'product' },
  'PUT /api/main/update/:id': { ...link, id: 'param' },
  'PUT /api/main/update/:id/with-image': { ...link, id: 'param' },
  'DELETE /api/main/delete/:id': { ...link, id: 'param' },
  'PUT /api/main/update/order/:id/:to/:from': { ...link, id: 'param' },
  'POST /api/image': { ...link, id: 'product' },
  'PUT /api/image/:id': { ...link, id: 'param' },
  'POST /api/plan': { ...plan, id: 'product' },
  'PUT /api/plan/update/:id': { ...plan, id: 'param' },
  'DELETE /api/plan/delete/:id': { ...plan, id: 'param' },
  'POST /api/popup': { ...popup, id: 'product' },
  'PUT /api/popup/update/:id': { ...popup, id: 'param' },
  'DELETE /api/popup/delete/:id': { ...popup, id: 'param' },
  'PUT /api/popup/:id/booking-enabled': { ...popup, id: 'param' },
  'POST /api/popup/bookings/:id/check-in': { ...booking, id: 'param' },
  'POST /api/popup/bookings/:id/no-show': { ...booking, id: 'param' },
  'POST /api/popup/bookings/:id/cancel': { ...booking, id: 'param' },
  // A visitor taken off a full slot's waitlist (docs/decisions/0075-waitlist.md); their name, phone and email are not
  // copied.
  'POST /api/popup/waitlist/:id/remove': { ...booking, table: 'booking_waitlist', id: 'param' },
  'PUT /api/popup/info': { ...popupInfo, id: 'single' },
  'POST /api/popup/info/image': { ...popupInfo, id: 'single' },
  'POST /api/cover/image': { entity: 'cover', table: 'cover', id: 'single' },
  'POST /api/backup/restore': { entity: 'site', id: 'none' },
};

/** Every entity an entry may name, in the order the audit screen offers them as filters (`GET /api/audit?entity=`). */
export const AUDIT_ENTITIES = ['link', 'plan', 'popup', 'booking', 'popup-info', 'cover', 'site', 'person'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Administrator routes that use POST without changing anything, or whose change is not the site's content:
 * signing in (upserts the administrator's own row) and checking a backup archive (reads it only). And the people
 * routes (docs/decisions/0080-people-invites-totp.md), whose entries (entity `person`) people/people.service.ts writes
 * itself: the accounts live in the identity provider, where this interceptor has no row to snapshot.
 */
export const NOT_AUDITED: ReadonlySet<string> = new Set([
  'POST /api/login',
  'POST /api/backup/check',
  'POST /api/people/invitations',
  'POST /api/people/:id/invitations',
  'PATCH /api/people/:id',
]);
