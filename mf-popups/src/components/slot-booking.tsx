import { useEffect, useRef, useState } from 'react';
import type { Booking, ReserveSlot, WaitlistEntry } from '@linksite/contract';
import { messages } from '../lib/messages';
import { useWaitingRoom } from '../lib/use-waiting-room';
import { BookingForm } from './booking-form';
import { WaitingRoom } from './waiting-room';

/** A slot's booking status, as the waiting room's answer gives it. */
type BookingStatus = ReserveSlot['status'];

export interface SlotBookingProps {
  slot: ReserveSlot;
  retentionDays: number;
  reminderHoursBefore: number | null;
  onBooked: (booking: Booking, phone4: string) => void;
  onWaitlisted: (entry: WaitlistEntry, phone4: string) => void;
  onRefused: () => void;
  onCancel: () => void;
}

/**
 * Why the waiting was in vain, in Korean, from the slot as the page now knows it: out of tables, out of seats, or
 * closed (docs/decisions/0077-visitor-knows-what-happened.md).
 */
function slotGoneMessage(slot: ReserveSlot, gone: BookingStatus): string {
  if (gone === 'closed' || slot.status === 'closed') return messages.queueSlotClosed;
  return slot.remainingTables < 1 && slot.remaining >= slot.partyMin
    ? messages.queueSlotTablesOut
    : messages.queueSlotFull;
}

/**
 * Booking one slot (docs/decisions/0074-waiting-room.md): the visitor takes a place in the slot's waiting room as the
 * form opens, and sends the form once admitted (at once when nobody waits). An admission that ended while the form was
 * open takes a new place; what was typed stays. A full slot's form joins its waitlist instead
 * (docs/decisions/0075-waitlist.md). When the slot fills or closes while the visitor waits, they are told why at once
 * (an alert that takes focus) and the slot list is read again, so a full slot's form turns into its waitlist's with
 * what was typed.
 */
export function SlotBooking({
  slot,
  retentionDays,
  reminderHoursBefore,
  onBooked,
  onWaitlisted,
  onRefused,
  onCancel,
}: SlotBookingProps) {
  const { state, rejoin } = useWaitingRoom(slot.id, slot.status === 'open');
  const [notice, setNotice] = useState<string | null>(null);
  // The waiting room's last word stays once the slot is no longer open (the hook stops, its state stays).
  const gone = state.phase === 'slot-gone' && state.place.slotStatus !== 'open' ? state.place.slotStatus : null;
  const goneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!gone) return;
    goneRef.current?.focus();
    onRefused();
  }, [gone, onRefused]);
  const queueRefused = () => {
    setNotice(messages.queueRejoined);
    rejoin();
  };
  return (
    <>
      {gone && (
        <p
          ref={goneRef}
          className="waiting-room waiting-room--error"
          role="alert"
          tabIndex={-1}
          data-testid="slot-gone"
        >
          {slotGoneMessage(slot, gone)}
        </p>
      )}
      {slot.status === 'open' && !gone && state.phase !== 'slot-gone' && (
        <WaitingRoom state={state} notice={notice} onRetry={rejoin} />
      )}
      <BookingForm
        slot={slot}
        retentionDays={retentionDays}
        reminderHoursBefore={reminderHoursBefore}
        queueTicket={state.phase === 'admitted' ? state.place.ticket : null}
        onQueueRefused={queueRefused}
        onBooked={onBooked}
        onWaitlisted={onWaitlisted}
        onRefused={onRefused}
        onCancel={onCancel}
      />
    </>
  );
}
