import type { ReserveSlot } from '@linksite/contract';
import { messages } from '../lib/messages';
import { turnLabel } from '../lib/popup-format';
import { groupByDay, seoulDayTime, slotStatusView, timeWindow } from '../lib/slot-status';

export interface SlotListProps {
  slots: ReserveSlot[];
  selectedId: number | null;
  onChoose: (slot: ReserveSlot) => void;
}

/**
 * The button a slot of each status offers, if any: an open slot is chosen to book (예약하기), a full one to join its
 * waitlist (빈자리 알림 신청, docs/decisions/0075-waitlist.md), in the lighter style.
 */
const CHOICES: Partial<
  Record<ReserveSlot['status'], { text: string; label: (title: string) => string; ghost: boolean }>
> = {
  open: { text: messages.chooseSlot, label: messages.chooseSlotLabel, ghost: false },
  full: { text: messages.waitlistChoose, label: messages.waitlistChooseLabel, ghost: true },
};

/**
 * The slots by day and turn (docs/decisions/0030-popup-bookings.md): time window, status (오픈 예정 with its time, 예약 가능
 * (잔여 n명), 마감).
 */
export function SlotList({ slots, selectedId, onChoose }: SlotListProps) {
  if (slots.length === 0) return <p className="reserve__empty">{messages.reserveNoSlots}</p>;
  return (
    <div className="slot-list">
      {groupByDay(slots).map((group) => (
        <section key={group.day} className="slot-list__day" aria-label={group.day}>
          <h3 className="slot-list__date">{group.day}</h3>
          <ul className="slot-list__items">
            {group.slots.map((slot) => {
              const status = slotStatusView(slot);
              const title = `${group.day} ${slot.cnt ? turnLabel(slot.cnt) : ''} ${timeWindow(slot)}`;
              const choice = CHOICES[slot.status];
              return (
                <li
                  key={slot.id}
                  className={`slot-card slot-card--${status.kind}${selectedId === slot.id ? ' slot-card--selected' : ''}`}
                  data-testid="slot-card"
                  data-slot-id={slot.id}
                >
                  <div className="slot-card__main">
                    {slot.cnt && <span className="slot-card__turn">{turnLabel(slot.cnt)}</span>}
                    <span className="slot-card__time">{timeWindow(slot)}</span>
                  </div>
                  <div className="slot-card__side">
                    <span className={`slot-status slot-status--${status.kind}`} data-testid="slot-status">
                      {status.label}
                    </span>
                    {slot.status === 'upcoming' && slot.opensAt && (
                      <span className="slot-card__opens">{messages.opensAtLabel(seoulDayTime(slot.opensAt))}</span>
                    )}
                    {choice && (
                      <button
                        type="button"
                        className={`reserve-button reserve-button--small${choice.ghost ? ' reserve-button--ghost' : ''}`}
                        aria-label={choice.label(title)}
                        aria-pressed={selectedId === slot.id}
                        onClick={() => onChoose(slot)}
                      >
                        {choice.text}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
