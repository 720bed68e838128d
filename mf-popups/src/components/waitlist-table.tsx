import { useCallback, useState } from 'react';
import { errorMessage, ErrorNotice, useRequest } from '@linksite/platform';
import { fetchSlotWaitlist, removeFromWaitlist } from '../api/slot-waitlist';
import { formatPhoneInput } from '../lib/booking-form';
import { messages } from '../lib/messages';
import { seoulDayTime } from '../lib/slot-status';

/**
 * A slot's waitlist on its bookings screen (빈자리 알림 명단; docs/decisions/0075-waitlist.md), for the owner and door staff
 * (masked for staff by the API): order, code, name, phone, party, state (with an offer's hold), and 명단에서 빼기 for an
 * entry still waiting or holding an offer, which passes the offer on.
 */
export function WaitlistTable({ slotId }: { slotId: string }) {
  const list = useRequest(useCallback(() => fetchSlotWaitlist(slotId), [slotId]));
  const [busyId, setBusyId] = useState<number | null>(null);
  const remove = async (id: number) => {
    if (!window.confirm(messages.waitlistRemoveConfirm)) return;
    setBusyId(id);
    try {
      window.alert(await removeFromWaitlist(id));
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setBusyId(null);
      list.reload();
    }
  };
  const entries = list.status === 'success' ? list.data : [];
  return (
    <section className="booking-admin__waitlist" aria-labelledby="waitlist-admin-title">
      <h2 id="waitlist-admin-title" className="booking-admin__waitlist-title">
        {messages.waitlistAdminTitle}
      </h2>
      {list.status === 'error' && (
        <ErrorNotice message={errorMessage(list.error)} onRetry={list.reload} testId="waitlist-admin-error" />
      )}
      {list.status === 'success' && entries.length === 0 && (
        <p className="admin-screen__empty">{messages.waitlistAdminEmpty}</p>
      )}
      {entries.length > 0 && (
        <ol className="waitlist-admin" data-testid="waitlist-admin">
          {entries.map((entry) => (
            <li key={entry.id} className={`waitlist-admin__item waitlist-admin__item--${entry.status}`}>
              <span className="waitlist-admin__code">{entry.code}</span>
              <span>{entry.name ?? messages.erased}</span>
              <span>
                {entry.phone && !entry.phone.includes('*') ? formatPhoneInput(entry.phone) : (entry.phone ?? '')}
              </span>
              <span>{messages.partySizeOption(entry.partySize)}</span>
              <span className="waitlist-admin__state">
                {messages.waitlistStates[entry.status]}
                {entry.offerExpiresAt && ` · ${messages.waitlistHeldUntil(seoulDayTime(entry.offerExpiresAt))}`}
              </span>
              {(entry.status === 'waiting' || entry.status === 'offered') && (
                <button
                  type="button"
                  className="popup-table__edit"
                  disabled={busyId === entry.id}
                  onClick={() => void remove(entry.id)}
                  aria-label={messages.waitlistRemoveLabel(entry.code)}
                >
                  {messages.waitlistRemove}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
