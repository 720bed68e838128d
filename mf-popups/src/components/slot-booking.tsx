import { useState } from 'react';
import type { Booking, ReserveSlot, WaitlistEntry } from '@linksite/contract';
import { messages } from '../lib/messages';
import { useWaitingRoom } from '../lib/use-waiting-room';
import { BookingForm } from './booking-form';
import { WaitingRoom } from './waiting-room';

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
 * Booking one slot (docs/decisions/0074-waiting-room.md): the visitor takes a place in the slot's waiting room as the
 * form opens, and sends the form once admitted (at once when nobody waits). An admission that ended while the form was
 * open takes a new place; what was typed stays. A full slot's form joins its waitlist instead
 * (docs/decisions/0075-waitlist.md).
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
  const queueRefused = () => {
    setNotice(messages.queueRejoined);
    rejoin();
  };
  return (
    <>
      {slot.status === 'open' && <WaitingRoom state={state} notice={notice} onRetry={rejoin} />}
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
