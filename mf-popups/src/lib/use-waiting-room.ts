import { useCallback, useEffect, useState } from 'react';
import type { QueueTicket } from '@linksite/contract';
import { ApiError, errorMessage } from '@linksite/platform';
import { fetchQueueTicket, joinQueue } from '../api/waiting-room';

/** How long to wait before asking again after a failed request (the network, a 429), in milliseconds. */
export const QUEUE_RETRY_MS = 5_000;

/** The visitor's place in the waiting room of the chosen slot (docs/decisions/0074-waiting-room.md). */
export type WaitingRoomState =
  | { phase: 'joining' }
  | { phase: 'waiting'; place: QueueTicket }
  | { phase: 'admitted'; place: QueueTicket }
  /** The slot filled (seats or tables) or closed while the visitor waited: no more asking. */
  | { phase: 'slot-gone'; place: QueueTicket }
  | { phase: 'error'; message: string };

/**
 * Takes a place in the waiting room of `slotId` (the caller keys its component by the slot, so a new slot starts
 * afresh) and follows it: asks again when the server says (`pollAfterSeconds`)
 * until admitted; a spent or expired ticket, or one the server no longer knows, takes a new place. `rejoin()` takes a
 * new place at the back (after the booking was refused for its ticket: the admission window ended). Only while
 * `enabled` (the slot takes bookings): a full slot's visitor joins its waitlist instead. A waiting place whose slot
 * the server says is now full or closed (`slotStatus`) stops asking: phase `slot-gone`
 * (docs/decisions/0077-visitor-knows-what-happened.md).
 */
export function useWaitingRoom(slotId: number, enabled = true): { state: WaitingRoomState; rejoin: () => void } {
  const [state, setState] = useState<WaitingRoomState>({ phase: 'joining' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (run: () => void, ms: number) => {
      if (!stopped) timer = setTimeout(run, ms);
    };
    const settle = (place: QueueTicket) => {
      if (stopped) return;
      if (place.status === 'admitted') setState({ phase: 'admitted', place });
      else if (place.status === 'waiting' && (place.slotStatus === 'full' || place.slotStatus === 'closed'))
        setState({ phase: 'slot-gone', place });
      else if (place.status === 'waiting') {
        setState({ phase: 'waiting', place });
        later(() => void ask(place.ticket), (place.pollAfterSeconds ?? 5) * 1000);
      } else void join();
    };
    const ask = async (ticket: string) => {
      try {
        settle(await fetchQueueTicket(ticket));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) void join();
        else later(() => void ask(ticket), QUEUE_RETRY_MS);
      }
    };
    const join = async () => {
      try {
        settle(await joinQueue(slotId));
      } catch (error) {
        if (!stopped) setState({ phase: 'error', message: errorMessage(error) });
      }
    };
    if (enabled) void join();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [slotId, round, enabled]);

  const rejoin = useCallback(() => {
    setState({ phase: 'joining' });
    setRound((r) => r + 1);
  }, []);
  return { state, rejoin };
}
