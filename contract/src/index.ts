/**
 * `@linksite/contract`: the shapes of the API, generated from its DTO classes (`npm run contract`: api DTOs →
 * contract/openapi.json → schema.d.ts by openapi-typescript). Types only: import them with `import type`, so nothing
 * reaches a bundle. Never edit `schema.d.ts` by hand; change the DTO in `api/` and run `npm run contract`.
 */
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

type Schemas = components['schemas'];

/** The JSON body of the answer of `method path` with `status` (default 200): `JsonResponse<'/api/store', 'get'>`. */
export type JsonResponse<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never
  : never;

/** The JSON body `method path` takes: `JsonRequest<'/api/plan', 'post'>`. */
export type JsonRequest<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** A link (product card), docs/decisions/0002-entities.md. */
export type Link = Schemas['LinkDto'];
/** A schedule entry with its `status` (days until start, ≤ 0 = OPEN). */
export type Plan = Schemas['PlanDto'];
/** A popup reservation slot. */
export type Popup = Schemas['PopupDto'];
/** A popup slot's turn (회차): '1'–'3', or null for 선택 안 함. */
export type PopupTurn = Popup['cnt'];
/** A word of the keyword cloud. */
export type TagWord = Schemas['TagWordDto'];
/** The current cover image. */
export type Cover = Schemas['CoverDto'];
/**
 * What the first screen of `/` is drawn from (`GET /api/site/first-screen[?tag=]`, docs/first-screen.md): the first
 * page of links with `linksComplete` and `linksNextCursor`, the `tag` they are for, the keyword cloud's `tags`, the
 * upcoming `plans`, the `cover` and `reserveOpen`. The shell's server renders `/` with it.
 */
export type FirstScreen = Schemas['FirstScreenDto'];
/** The signed-in administrator (`POST /api/login`). */
export type Administrator = Schemas['AdministratorDto'];

/** Body of `POST /api/store/create`. */
export type CreateLinkBody = Schemas['CreateLinkDto'];
/** Body of `PUT /api/main/update/:id`. */
export type UpdateLinkBody = Schemas['UpdateLinkDto'];
/** Body of `POST /api/plan` and `PUT /api/plan/update/:id`. */
export type PlanBody = Schemas['CreatePlanDto'];
/** Body of `POST /api/popup` and `PUT /api/popup/update/:id`. */
export type PopupBody = Schemas['CreatePopupDto'];

/** The body of every 4xx/5xx answer (docs/decisions/0001-response-envelope.md). */
export type ErrorBody = Schemas['ErrorResponse'];
/** A stale reorder's 409: the error body plus the current ordered list. */
export type LinkOrderConflictBody = Schemas['LinkOrderConflictResponse'];
/**
 * A stale link update's or delete's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the link
 * as stored now.
 */
export type LinkConflictBody = Schemas['LinkConflictResponse'];
/**
 * A stale plan update's or delete's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the plan
 * as stored now.
 */
export type PlanConflictBody = Schemas['PlanConflictResponse'];
/**
 * A popup slot write's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope, plus the slot as stored
 * now when the version was stale (the other 409s, below what bookings took or bookings waiting, carry none).
 */
export type PopupConflictBody = Schemas['PopupConflictResponse'];
/**
 * A stale cover replace's 409 (docs/decisions/0048-no-silent-overwrite.md): the error envelope plus the cover as stored
 * now (or null).
 */
export type CoverConflictBody = Schemas['CoverConflictResponse'];

/** One page view or click the public page reports (`POST /api/analytics/events`). */
export type AnalyticsEvent = Schemas['AnalyticsEventDto'];
/** Body of `POST /api/analytics/events`: 1–20 events. */
export type AnalyticsEventsBody = Schemas['CreateAnalyticsEventsDto'];
/** The administrator's report (`GET /api/analytics/summary`). */
export type AnalyticsSummary = Schemas['AnalyticsSummaryDto'];
/** One link's clicks in a period (`GET /api/analytics/links`). */
export type AnalyticsLinkClicks = Schemas['AnalyticsLinkClicksDto'];
/** The public booking page (`GET /api/reserve`): popup information and the slots that have not ended. */
export type ReservePage = Schemas['ReservePageDto'];
/** A slot as visitors see it, with its status and what is left. */
export type ReserveSlot = Schemas['ReserveSlotDto'];
/** upcoming (오픈 예정), open (예약 가능), full or closed (마감). */
export type ReserveSlotStatus = ReserveSlot['status'];
/** The popup's public information. */
export type PopupInfo = Schemas['PopupInfoDto'];
/** A booking as its visitor sees it (no name or phone). */
export type Booking = Schemas['BookingDto'];
/** A booking's state: booked, cancelled, checked_in, no_show. */
export type BookingState = Booking['status'];
/** Body of `POST /api/reserve/bookings`. */
export type BookingBody = Schemas['CreateBookingDto'];
/** A waitlist entry as its visitor sees it (`/api/reserve/waitlist`; docs/decisions/0075-waitlist.md). */
export type WaitlistEntry = Schemas['WaitlistEntryDto'];
/** A waitlist entry as the owner and door staff see it (`GET /api/popup/{id}/waitlist`). */
export type AdminWaitlistEntry = Schemas['AdminWaitlistEntryDto'];
/** A visitor's place in a slot's waiting room (`POST /api/reserve/queue`, `GET /api/reserve/queue/{ticket}`). */
export type QueueTicket = Schemas['QueueTicketDto'];
/** A booking as the administrator sees it. */
export type AdminBooking = Schemas['AdminBookingDto'];
/** Body of `PUT /api/popup/info`. */
export type PopupInfoBody = Schemas['CreatePopupInfoDto'];
