import type { EntityManager } from 'typeorm';

/** A slot's taken counters (popup_slots.booked_people and booked_tables) after a change. */
export interface SlotCounts {
  bookedPeople: number;
  bookedTables: number;
}

/**
 * Gives one party's seats (`partySize` people) and its one table back to the popup slot `slotId`, in the caller's
 * transaction (`manager`), and answers the slot's counters after it. The one place seats come back: a booking cancelled
 * (bookings.service.ts) and a waitlist offer that was left or lapsed (waitlist.service.ts) both free a held table,
 * so both take this same step and the counters cannot drift apart between them
 * (docs/decisions/0075-waitlist.md).
 */
export async function giveSeatsBack(manager: EntityManager, slotId: number, partySize: number): Promise<SlotCounts> {
  const [[counts]] = await manager.query<[{ booked_people: number; booked_tables: number }[], number]>(
    `UPDATE popup_slots SET booked_people = booked_people - $2, booked_tables = booked_tables - 1 WHERE id = $1
      RETURNING booked_people, booked_tables`,
    [slotId, partySize],
  );
  return { bookedPeople: counts!.booked_people, bookedTables: counts!.booked_tables };
}
