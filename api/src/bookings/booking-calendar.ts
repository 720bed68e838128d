import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { messages } from '../common/messages';
import type { BookingState } from './booking-rules';

/** The time zone of every popup slot: their wall times are Seoul's (docs/decisions/0002-entities.md). */
export const SEOUL = 'Asia/Seoul';

/** What a booking's calendar file says. */
export interface BookingCalendarInput {
  /** The booking code: the event's UID is made of it, so a file downloaded again updates the same event. */
  code: string;
  status: BookingState;
  partySize: number;
  /** The slot's start and end (instants), and its turn (회차) or null. */
  slot: { startdate: Date; enddate: Date; cnt: string | null };
  /** The popup's public title and place, or null before the administrator saved them. */
  info: { title: string; place: string } | null;
  /** The site's public address without a trailing slash (PUBLIC_SITE_URL), or undefined: the link is then relative. */
  publicUrl: string | undefined;
  /** When the booking was last changed (its cancellation, else its creation): the event's DTSTAMP. */
  changedAt: Date;
}

/** `https://links.example.com/reserve/ABCD2345`, or `/reserve/ABCD2345` without a public address. */
export const confirmationUrl = (publicUrl: string | undefined, code: string): string =>
  `${publicUrl ?? ''}/reserve/${code}`;

/**
 * A booking as an iCalendar file (RFC 5545; docs/decisions/0076-calendar-and-reminders.md), made with ical-generator:
 * one VEVENT whose DTSTART and DTEND are Seoul wall times (`DTSTART;TZID=Asia/Seoul:20261121T190000`) defined by the
 * VTIMEZONE of Asia/Seoul (@touch4it/ical-timezones), so calendars in any zone show the slot's instant. The dates are
 * handed over as TZDates (@date-fns/tz): ical-generator writes a plain Date's wall time in the process's own zone. UID
 * `<code>@<site host>` is stable per booking; SUMMARY is the popup's title and the turn, in Korean; LOCATION the
 * popup's place; DESCRIPTION the code, the party and the confirmation address (also URL when absolute). A cancelled
 * booking gives the same event with STATUS:CANCELLED and SEQUENCE 1, so a calendar that imported it can drop it.
 * @returns the file's text, CRLF lines folded at 75 octets.
 */
export function bookingCalendar(input: BookingCalendarInput): string {
  const { code, slot, info, publicUrl } = input;
  const cancelled = input.status === 'cancelled';
  const url = confirmationUrl(publicUrl, code);
  const host = publicUrl ? new URL(publicUrl).hostname : 'linksite.invalid';
  const text = messages.bookingCalendar;
  const calendar = new ICalCalendar({
    prodId: { company: 'linksite', product: 'popup-bookings', language: 'KO' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (ical-generator would then write DTSTAMP without its UTC `Z`); the event names its own,
    // and the generator writes its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: `${code}@${host}`,
    sequence: cancelled ? 1 : 0,
    stamp: input.changedAt,
    start: new TZDate(slot.startdate.getTime(), SEOUL),
    end: new TZDate(slot.enddate.getTime(), SEOUL),
    timezone: SEOUL,
    summary:
      (cancelled ? text.cancelledPrefix : '') + text.summary(info?.title ?? text.titleFallback, slot.cnt ?? null),
    location: info?.place ?? null,
    description: text.description(code, input.partySize, url),
    url: publicUrl ? url : null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
