import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminBooking } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useMayUse, useRequest } from '@linksite/platform';
import { downloadBookingsCsv } from '../api/download-bookings-csv';
import { fetchSlotBookings } from '../api/fetch-slot-bookings';
import { setBookingEnabled } from '../api/set-booking-enabled';
import { type BookingAction, updateBookingState } from '../api/update-booking-state';
import { BookingTable } from '../components/booking-table';
import { WaitlistTable } from '../components/waitlist-table';
import { SlotStatusBadge } from '../components/slot-status-badge';
import '../components/popup-screens.css';
import '../components/reserve.css';
import { messages } from '../lib/messages';
import { slotTitle } from '../lib/slot-status';

/** Saves a Blob as a file through a temporary link (the browser's download). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/popup/bookings/:id`, 예약자 관리 (docs/decisions/0030-popup-bookings.md): the slot's booked, remaining and checked-in
 * counts, the switch that opens or closes booking by hand, the CSV download, search by code or phone suffix, and per
 * booking 입장 확인, 노쇼 and 취소 (asked first). Every write alerts the server's message and loads the list again.
 */
export function BookingAdminPage() {
  // Door staff (docs/decisions/0079-roles.md) work the list; opening or closing bookings is an editor's, the CSV the
  // owner's.
  const editsPopups = useMayUse(['editor']);
  const exportsCsv = useMayUse([]);
  const { id = '' } = useParams();
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const list = useRequest(useCallback(() => fetchSlotBookings(id, query), [id, query]));
  const [busyId, setBusyId] = useState<number | null>(null);
  const data = list.status === 'success' ? list.data : list.status === 'loading' ? list.previous : undefined;

  const act = async (booking: AdminBooking, action: BookingAction) => {
    if (action === 'cancel' && !window.confirm(messages.cancelBookingConfirm)) return;
    setBusyId(booking.id);
    try {
      window.alert(await updateBookingState(booking.id, action));
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setBusyId(null);
    }
    list.reload();
  };
  const toggle = async () => {
    if (!data) return;
    try {
      window.alert(await setBookingEnabled(data.slot.id, !data.slot.bookingEnabled));
    } catch (error) {
      window.alert(errorMessage(error));
    }
    list.reload();
  };
  const download = async () => {
    try {
      const { blob, fileName } = await downloadBookingsCsv(id);
      saveFile(blob, fileName);
    } catch (error) {
      window.alert(errorMessage(error));
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  return (
    <section className="admin-screen popup-screen--wide" aria-labelledby="bookings-title">
      <Link className="booking-admin__back" to={editsPopups ? '/popup/list' : '/admin'}>
        {editsPopups ? messages.bookingsBack : messages.backToAdmin}
      </Link>
      <div className="admin-screen__head">
        <h1 id="bookings-title" className="admin-screen__title">
          {messages.bookingsTitle}
        </h1>
        <div className="booking-admin__tools">
          <Link className="popup-table__edit" to="/popup/checkin">
            {messages.checkinLink}
          </Link>
          {data && editsPopups && (
            <button type="button" className="admin-button booking-admin__toggle" onClick={() => void toggle()}>
              {data.slot.bookingEnabled ? messages.toggleClose : messages.toggleOpen}
            </button>
          )}
          {exportsCsv && (
            <button type="button" className="admin-button" onClick={() => void download()}>
              {messages.csvDownload}
            </button>
          )}
        </div>
      </div>
      {list.status === 'error' && (
        <ErrorNotice message={errorMessage(list.error)} onRetry={list.reload} testId="bookings-error" />
      )}
      {!data && list.status === 'loading' && <Loading />}
      {data && (
        <>
          <div className="booking-admin__slot">
            <p className="booking-admin__slot-title" data-testid="bookings-slot">
              {slotTitle({ ...data.slot, cnt: data.slot.cnt })}
              <SlotStatusBadge popup={data.slot} />
            </p>
            <dl className="booking-admin__counts" data-testid="bookings-counts">
              <div>
                <dt>{messages.countBooked}</dt>
                <dd>{messages.peopleCount(data.slot.bookedPeople)}</dd>
              </div>
              <div>
                <dt>{messages.countRemaining}</dt>
                <dd>{messages.peopleCount(data.slot.remaining)}</dd>
              </div>
              <div>
                <dt>{messages.countCheckedIn}</dt>
                <dd>{messages.peopleCount(data.slot.checkedInPeople)}</dd>
              </div>
            </dl>
          </div>
          <form className="booking-admin__search" onSubmit={search} role="search" noValidate>
            <label htmlFor="booking-search" className="booking-admin__search-label">
              {messages.searchLabel}
            </label>
            <div className="booking-admin__search-row">
              <input
                id="booking-search"
                className="admin-form__input"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
              <button type="submit" className="admin-button">
                {messages.search}
              </button>
              {query && (
                <button
                  type="button"
                  className="popup-table__edit"
                  onClick={() => {
                    setTyped('');
                    setQuery('');
                  }}
                >
                  {messages.searchReset}
                </button>
              )}
            </div>
          </form>
          {data.bookings.length === 0 ? (
            <p className="admin-screen__empty">{messages.noBookings}</p>
          ) : (
            <BookingTable bookings={data.bookings} busyId={busyId} onAction={(b, a) => void act(b, a)} />
          )}
          <WaitlistTable slotId={id} />
        </>
      )}
    </section>
  );
}
