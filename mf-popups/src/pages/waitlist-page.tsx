import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { WaitlistEntry } from '@linksite/contract';
import { errorMessage, Loading, useRequest } from '@linksite/platform';
import { acceptWaitlistOffer, fetchWaitlistEntry, leaveWaitlist } from '../api/waitlist';
import { Phone4Form } from '../components/phone4-form';
import '../components/reserve.css';
import { recallPhone4, rememberPhone4 } from '../lib/booking-session';
import { messages } from '../lib/messages';
import { seoulDayTime } from '../lib/slot-status';

/** How often the entry is asked about while it waits or holds an offer, in milliseconds. */
export const WAITLIST_REFRESH_MS = 15_000;

/** The session key of an entry's phone digits (booking-session.ts keeps them by code). */
export const waitlistSessionKey = (code: string) => `waitlist-${code}`;

/**
 * `/reserve/waitlist/:code`, a waitlist entry's page (빈자리 알림; docs/decisions/0075-waitlist.md): while waiting, the
 * visitors ahead; once seats are offered, until when they are held and 예약 확정하기, which books them and goes to the
 * booking's confirmation; then booked, lapsed (passed on) or left. Asked again every 15 s while it waits or holds an
 * offer, so an open page turns into the offer by itself. Opened on another device, it first asks for the phone's last
 * four digits, as a booking's confirmation does.
 */
export function WaitlistPage() {
  const { code = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const given = (location.state as { phone4?: string } | null)?.phone4;
  const [phone4, setPhone4] = useState<string | null>(given ?? recallPhone4(waitlistSessionKey(code)));
  const request = useRequest(
    useCallback(async () => (phone4 ? fetchWaitlistEntry(code, phone4) : null), [code, phone4]),
  );
  const { reload } = request;
  const [changed, setChanged] = useState<WaitlistEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const found = request.status === 'success' ? request.data : request.status === 'loading' ? request.previous : null;
  const entry = changed ?? found ?? null;
  const loading = request.status === 'loading' && phone4 !== null && !entry;
  const error = request.status === 'error' ? errorMessage(request.error) : null;
  const live = entry?.status === 'waiting' || entry?.status === 'offered';

  useEffect(() => {
    if (found && phone4) rememberPhone4(waitlistSessionKey(code), phone4);
  }, [found, phone4, code]);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => {
      setChanged(null);
      reload();
    }, WAITLIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  const accept = async () => {
    if (!phone4) return;
    setBusy(true);
    setFailure(null);
    try {
      const { booking } = await acceptWaitlistOffer(code, phone4);
      rememberPhone4(booking.code, phone4);
      navigate(`/reserve/${booking.code}`, { state: { phone4 } });
    } catch (problem) {
      setFailure(errorMessage(problem));
      setChanged(null);
      reload();
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    if (!phone4 || !window.confirm(messages.waitlistLeaveConfirm)) return;
    setBusy(true);
    setFailure(null);
    try {
      setChanged((await leaveWaitlist(code, phone4)).entry);
    } catch (problem) {
      setFailure(errorMessage(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="reserve">
      <section className="reserve__card confirmation" aria-labelledby="waitlist-title">
        <Link className="booking-admin__back" to="/reserve">
          {messages.waitlistBackToReserve}
        </Link>
        <h1 id="waitlist-title" className="reserve__title">
          {messages.waitlistTitle}
        </h1>
        <p className="confirmation__code-line">
          {messages.waitlistCode} <strong data-testid="waitlist-code">{code}</strong>
        </p>
        {loading && <Loading />}
        {!entry && !loading && (
          <>
            <Phone4Form
              id="waitlist-phone4"
              hint={messages.waitlistPhone4Hint}
              submitLabel={messages.waitlistShow}
              busyLabel={messages.waitlistShow}
              busy={request.status === 'loading'}
              onSubmit={(digits) => (digits === phone4 ? reload() : setPhone4(digits))}
            />
            {error && (
              <p className="booking-form__server-error" role="alert">
                {error}
              </p>
            )}
          </>
        )}
        {entry && <EntryState entry={entry} busy={busy} onAccept={() => void accept()} onLeave={() => void leave()} />}
        {failure && (
          <p className="booking-form__server-error" role="alert" data-testid="waitlist-error">
            {failure}
          </p>
        )}
      </section>
    </div>
  );
}

/** What the entry's state says, with its actions: 신청 취소 while waiting; 예약 확정하기 and 신청 취소 once offered. */
function EntryState({
  entry,
  busy,
  onAccept,
  onLeave,
}: {
  entry: WaitlistEntry;
  busy: boolean;
  onAccept: () => void;
  onLeave: () => void;
}) {
  // 신청 취소 while the entry is live (waiting or offered), drawn in one place, inside the status box it changes.
  const leaveButton = (
    <button
      type="button"
      className="reserve-button reserve-button--ghost reserve-button--small"
      onClick={onLeave}
      disabled={busy}
    >
      {messages.waitlistLeave}
    </button>
  );
  switch (entry.status) {
    case 'waiting':
      return (
        <div className="waiting-room" role="status" aria-live="polite" data-testid="waitlist-state">
          <p className="waiting-room__position">{messages.waitlistWaiting(entry.ahead)}</p>
          <p className="waiting-room__hint">{messages.waitlistWaitingHint}</p>
          {leaveButton}
        </div>
      );
    case 'offered':
      return (
        <div className="waiting-room waiting-room--admitted" role="status" data-testid="waitlist-state">
          <p className="waiting-room__title">{messages.waitlistOffered}</p>
          {entry.offerExpiresAt && <p>{messages.waitlistOfferUntil(seoulDayTime(entry.offerExpiresAt))}</p>}
          <button type="button" className="reserve-button" onClick={onAccept} disabled={busy}>
            {busy ? messages.waitlistAccepting : messages.waitlistAccept}
          </button>
          {leaveButton}
        </div>
      );
    case 'booked':
      return (
        <div className="waiting-room waiting-room--admitted" role="status" data-testid="waitlist-state">
          <p className="waiting-room__title">{messages.waitlistBooked}</p>
          {entry.bookingCode && (
            <Link className="reserve-button" to={`/reserve/${entry.bookingCode}`}>
              {messages.waitlistGoToBooking}
            </Link>
          )}
        </div>
      );
    case 'expired':
      return (
        <p className="waiting-room waiting-room--error" role="status" data-testid="waitlist-state">
          {messages.waitlistExpired}
        </p>
      );
    default:
      return (
        <p className="waiting-room" role="status" data-testid="waitlist-state">
          {messages.waitlistLeftState}
        </p>
      );
  }
}
