import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { Booking } from '@linksite/contract';
import { errorMessage, Loading, useRequest } from '@linksite/platform';
import { bookingCalendarUrl } from '../api/booking-calendar-url';
import { cancelBooking } from '../api/cancel-booking';
import { fetchBooking } from '../api/fetch-booking';
import { BookingQr } from '../components/booking-qr';
import { Phone4Form } from '../components/phone4-form';
import '../components/reserve.css';
import { recallPhone4, rememberPhone4 } from '../lib/booking-session';
import { messages } from '../lib/messages';
import { bookingStateLabel, seoulDayTime, slotTitle } from '../lib/slot-status';

/**
 * `/reserve/:code`, the confirmation (docs/decisions/0030-popup-bookings.md): the short code, a QR code of this address
 * while the booking is still to be used (not once cancelled, checked in or a no-show:
 * docs/decisions/0077-visitor-knows-what-happened.md), the slot, the party size, the state and the cancellation
 * deadline, and the cancel button (which asks for the last four digits of the phone number and shows the server's
 * answer), and while the booking is still to be used a 캘린더에 추가 link that downloads it as an .ics file
 * (docs/decisions/0076-calendar-and-reminders.md). Opened on another device, it first asks for those digits: the code
 * alone shows nothing.
 */
export function BookingConfirmationPage() {
  const { code = '' } = useParams();
  const location = useLocation();
  const given = (location.state as { phone4?: string } | null)?.phone4;
  const [phone4, setPhone4] = useState<string | null>(given ?? recallPhone4(code));
  const request = useRequest(useCallback(async () => (phone4 ? fetchBooking(code, phone4) : null), [code, phone4]));
  const { reload } = request;
  // The answer of a cancel replaces what the look-up found.
  const [changed, setChanged] = useState<Booking | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const found = request.status === 'success' ? request.data : null;
  const booking = changed ?? found;
  const error = request.status === 'error' ? errorMessage(request.error) : null;
  const loading = request.status === 'loading' && phone4 !== null;

  useEffect(() => {
    if (found && phone4) rememberPhone4(code, phone4);
  }, [found, phone4, code]);

  const lookUp = (digits: string) => (digits === phone4 ? reload() : setPhone4(digits));

  const cancel = async (digits: string) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await cancelBooking(code, digits);
      setChanged(answer.booking);
      setResult(answer.message);
      setAsking(false);
    } catch (failure) {
      setResult(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const address = `${window.location.origin}/reserve/${code}`;

  return (
    <div className="reserve">
      <section className="reserve__card confirmation" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title" className="reserve__title">
          {booking ? messages.confirmationTitle : messages.lookupTitle}
        </h1>
        {loading && !booking && <Loading />}
        {!booking && !loading && (
          <>
            <p className="confirmation__code-line">
              {messages.bookingCode} <strong>{code}</strong>
            </p>
            <Phone4Form
              id="lookup-phone4"
              hint={messages.lookupHint}
              submitLabel={messages.lookup}
              busyLabel={messages.lookup}
              busy={loading}
              onSubmit={lookUp}
            />
            {error && (
              <p className="booking-form__server-error" role="alert">
                {error}
              </p>
            )}
          </>
        )}
        {booking && (
          <>
            <div className="confirmation__ticket">
              <div className="confirmation__code-box">
                <span className="confirmation__label">{messages.bookingCode}</span>
                <strong className="confirmation__code" data-testid="booking-code">
                  {booking.code}
                </strong>
                <span className="confirmation__hint" data-testid="ticket-hint">
                  {booking.status === 'booked' ? messages.bookingCodeHint : messages.ticketUsedHints[booking.status]}
                </span>
              </div>
              {/* Only a booking still to be used is a ticket: a cancelled one shows no code to scan (docs/decisions/0077-visitor-knows-what-happened.md). */}
              {booking.status === 'booked' && <BookingQr url={address} code={booking.code} />}
            </div>
            <dl className="confirmation__facts">
              <dt>{messages.bookingSlot}</dt>
              <dd data-testid="booking-slot">{slotTitle(booking.slot)}</dd>
              <dt>{messages.partySize}</dt>
              <dd>{messages.bookingParty(booking.partySize)}</dd>
              <dt>{messages.bookingState}</dt>
              <dd>
                <span className={`booking-state booking-state--${booking.status}`} data-testid="booking-state">
                  {bookingStateLabel(booking.status)}
                </span>
              </dd>
            </dl>
            {booking.status === 'booked' && phone4 && (
              <a
                className="reserve-button reserve-button--ghost confirmation__calendar"
                href={bookingCalendarUrl(booking.code, phone4)}
                download={`booking-${booking.code}.ics`}
                title={messages.addToCalendarHint}
                data-testid="add-to-calendar"
              >
                {messages.addToCalendar}
              </a>
            )}
            {booking.status === 'booked' && (
              <p className="confirmation__deadline">
                {booking.cancellable
                  ? messages.cancelUntilLabel(seoulDayTime(booking.slot.cancelUntil))
                  : messages.cancelClosed}
              </p>
            )}
            {result && (
              <p className="confirmation__result" role="status" data-testid="cancel-result">
                {result}
              </p>
            )}
            {booking.cancellable && !asking && (
              <button type="button" className="reserve-button reserve-button--danger" onClick={() => setAsking(true)}>
                {messages.cancelBooking}
              </button>
            )}
            {booking.cancellable && asking && (
              <Phone4Form
                id="cancel-phone4"
                hint={messages.cancelAsk}
                submitLabel={messages.cancelConfirm}
                busyLabel={messages.cancelling}
                busy={busy}
                onSubmit={(digits) => void cancel(digits)}
                onBack={() => setAsking(false)}
              />
            )}
          </>
        )}
        <Link className="confirmation__back" to="/reserve">
          {messages.backToReserve}
        </Link>
      </section>
    </div>
  );
}
