import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Booking, ReserveSlot, WaitlistEntry } from '@linksite/contract';
import { errorMessage, ErrorNotice, imageUrl, Loading, useRequest } from '@linksite/platform';
import { fetchReservePage } from '../api/fetch-reserve-page';
import { SlotBooking } from '../components/slot-booking';
import { SlotList } from '../components/slot-list';
import '../components/reserve.css';
import { rememberPhone4 } from '../lib/booking-session';
import { messages } from '../lib/messages';
import { waitlistSessionKey } from './waitlist-page';

/** How often the remaining seats are fetched again while the page is open. */
export const RESERVE_REFRESH_MS = 10_000;

/**
 * `/reserve`, the public booking page (docs/decisions/0030-popup-bookings.md): the popup's title, place, notice and
 * image; the slots by day and turn with their status, refreshed every 10 s without a reload (and right after a
 * refusal); the booking form for the chosen slot, kept with its values when the slot fills or closes meanwhile. A
 * booking goes to its confirmation screen.
 */
export function ReservePage() {
  const page = useRequest(fetchReservePage);
  const { reload } = page;
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  useEffect(() => {
    const timer = setInterval(reload, RESERVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  // While fetching again, keep what is shown.
  const data = page.status === 'success' ? page.data : page.status === 'loading' ? page.previous : undefined;
  // The chosen slot stays chosen when it fills or closes meanwhile: its form keeps what the visitor typed and says why
  // it can no longer be sent (docs/decisions/0077-visitor-knows-what-happened.md), instead of disappearing.
  const selected = data?.slots.find((slot) => slot.id === selectedId) ?? null;
  const info = data?.info ?? null;

  const choose = (slot: ReserveSlot) => {
    setSelectedId(slot.id);
    requestAnimationFrame(() =>
      document.getElementById('booking-form-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };
  const booked = (booking: Booking, phone4: string) => {
    rememberPhone4(booking.code, phone4);
    navigate(`/reserve/${booking.code}`, { state: { phone4 } });
  };
  const waitlisted = (entry: WaitlistEntry, phone4: string) => {
    rememberPhone4(waitlistSessionKey(entry.code), phone4);
    navigate(`/reserve/waitlist/${entry.code}`, { state: { phone4 } });
  };

  return (
    <div className="reserve">
      {page.status === 'error' && !data && (
        <ErrorNotice
          message={`${messages.reserveLoadFailed} ${errorMessage(page.error)}`}
          onRetry={reload}
          testId="reserve-error"
        />
      )}
      {!data && page.status === 'loading' && <Loading />}
      {data && (
        <>
          <header className="reserve__hero">
            {info?.imagelink && (
              <img className="reserve__image" src={imageUrl(info.imagelink, 1280)} alt="" data-testid="reserve-image" />
            )}
            <div className="reserve__intro">
              <h1 className="reserve__title">{info?.title ?? messages.reserveTitleFallback}</h1>
              {info && (
                <dl className="reserve__facts">
                  <dt>{messages.reservePlace}</dt>
                  <dd>{info.place}</dd>
                </dl>
              )}
            </div>
          </header>
          {info && (
            <section className="reserve__card" aria-labelledby="reserve-notice-title">
              <h2 id="reserve-notice-title" className="reserve__heading">
                {messages.reserveNotice}
              </h2>
              <p className="reserve__notice">{info.notice}</p>
            </section>
          )}
          <section className="reserve__card" aria-labelledby="reserve-slots-title">
            <h2 id="reserve-slots-title" className="reserve__heading">
              {messages.reserveSlots}
            </h2>
            <SlotList slots={data.slots} selectedId={selected?.id ?? null} onChoose={choose} />
          </section>
          {selected && (
            <section className="reserve__card">
              <SlotBooking
                key={selected.id}
                slot={selected}
                retentionDays={data.retentionDays}
                reminderHoursBefore={data.reminderHoursBefore}
                onBooked={booked}
                onWaitlisted={waitlisted}
                onRefused={reload}
                onCancel={() => setSelectedId(null)}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
