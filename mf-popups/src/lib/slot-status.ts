import { format } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
import type { BookingState, Popup, ReserveSlot } from '@linksite/contract';
import { seoulIsoToWallTime } from '@linksite/platform';
import { messages } from './messages';
import { turnLabel } from './popup-format';

/** How a slot's status looks: its label and the style it takes. */
export interface SlotStatusView {
  label: string;
  kind: 'upcoming' | 'open' | 'closed';
}

/** What {@link slotStatusView} needs of a slot: a visitor's {@link ReserveSlot}, or an administrator's slot mapped to it. */
export type SlotStatusInput = Pick<ReserveSlot, 'status' | 'remaining' | 'remainingTables' | 'partyMin'>;

/**
 * The label a visitor reads (docs/decisions/0030-popup-bookings.md): 오픈 예정 (with the opening time beside it), 예약 가능 (잔여
 * n명), or 마감 for a full slot and a closed one. A slot full because its tables ran out while seats remain (one table per
 * booking) says so, `마감 (남은 테이블 없음)` (docs/decisions/0077-visitor-knows-what-happened.md): "잔여 4명" beside a bare 마감
 * reads like an error.
 */
export function slotStatusView(slot: SlotStatusInput): SlotStatusView {
  switch (slot.status) {
    case 'upcoming':
      return { label: messages.statusUpcoming, kind: 'upcoming' };
    case 'open':
      return { label: messages.statusOpen(slot.remaining), kind: 'open' };
    case 'full':
      return { label: isOutOfTables(slot) ? messages.statusNoTables : messages.statusClosed, kind: 'closed' };
    case 'closed':
      return { label: messages.statusClosed, kind: 'closed' };
  }
}

/** The same label for an administrator's slot (the slot table, the bookings screen): what visitors see of it now. */
export const popupStatusView = (popup: Popup): SlotStatusView =>
  slotStatusView({
    status: popup.bookingStatus,
    remaining: popup.remaining,
    remainingTables: popup.table - popup.bookedTables,
    partyMin: popup.partyMin,
  });

/** Full because no table is left, though a party of the smallest size would still find seats. */
export const isOutOfTables = (slot: Omit<SlotStatusInput, 'status'>): boolean =>
  slot.remainingTables < 1 && slot.remaining >= slot.partyMin;

/** A booking's state in Korean. */
export const bookingStateLabel = (state: BookingState): string => messages.stateLabels[state];

const seoul = (iso: string, pattern: string): string => {
  const wall = seoulIsoToWallTime(iso);
  return wall ? format(wall, pattern, { locale: koLocale }) : iso;
};

/** `11월 21일 (토)`, a slot group's heading. */
export const seoulDay = (iso: string): string => seoul(iso, 'M월 d일 (EEE)');
/** `오후 7:00`. */
export const seoulTime = (iso: string): string => seoul(iso, 'aa h:mm');
/** `11월 20일 오후 8:00`. */
export const seoulDayTime = (iso: string): string => seoul(iso, 'M월 d일 aa h:mm');
/** `오후 7:00 ~ 오후 9:00`. */
export const timeWindow = (slot: Pick<ReserveSlot, 'startdate' | 'enddate'>): string =>
  `${seoulTime(slot.startdate)} ~ ${seoulTime(slot.enddate)}`;
/** `11월 21일 (토) 1회차 · 오후 7:00 ~ 오후 9:00`. */
export const slotTitle = (slot: Pick<ReserveSlot, 'startdate' | 'enddate' | 'cnt'>): string =>
  `${seoulDay(slot.startdate)} ${slot.cnt ? turnLabel(slot.cnt) : ''}${slot.cnt ? ' · ' : ''}${timeWindow(slot)}`;

/** Slots grouped by their Seoul day, in the order given. */
export function groupByDay<T extends Pick<ReserveSlot, 'startdate'>>(slots: T[]): { day: string; slots: T[] }[] {
  const groups: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = seoulDay(slot.startdate);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.slots.push(slot);
    else groups.push({ day, slots: [slot] });
  }
  return groups;
}
