import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminBooking, Popup } from '@linksite/contract';
import { errorMessage, toApiError, useMayUse } from '@linksite/platform';
import { fetchBookingByCode } from '../api/fetch-booking-by-code';
import { updateBookingState } from '../api/update-booking-state';
import '../components/popup-screens.css';
import '../components/checkin.css';
import { checkinVerdict, maskName, parseScannedCode, type CheckinVerdict } from '../lib/checkin';
import { messages } from '../lib/messages';
import { closeCamera, newBeepContext, openRearCamera, scanQrCodes, signalCheckedIn } from '../lib/qr-scanner';
import { bookingStateLabel, slotTitle } from '../lib/slot-status';

/** What the screen shows under the camera: nothing yet, a lookup under way, its answer, or a refusal. */
type Result =
  | { kind: 'idle' }
  | { kind: 'looking'; code: string }
  | { kind: 'found'; booking: AdminBooking; slot: Popup; verdict: CheckinVerdict; busy: boolean }
  | { kind: 'done'; booking: AdminBooking; slot: Popup }
  | { kind: 'error'; message: string };

type Camera = 'off' | 'starting' | 'on' | 'failed';

/**
 * `/popup/checkin`, 입장 확인 (QR 스캔) for staff at the door on a phone (docs/decisions/0081-camera-check-in.md). One
 * sentence explains the browser's camera question before 카메라 켜기 opens the rear camera; every QR code the scanner reads
 * (lib/qr-scanner.ts) that holds a booking code (`<origin>/reserve/<CODE>` or the bare code) is looked up with
 * `GET /api/popup/bookings/by-code/:code`, and the booking shows in large type: the masked name, party, slot, state. A
 * booking still 예약 완료 for today's slot is let in with one tap (입장 확인): a green panel, a short vibration and an optional
 * beep, never an alert. Already checked in (amber), cancelled, no-show, another day and unknown codes (red) show why,
 * without the button. The same code is not looked up twice in a row until 다음 예약 스캔; typing the code (조회) works without
 * a camera.
 */
export function CheckinPage() {
  // Door staff have no popup list: their way back is the landing (docs/decisions/0079-roles.md).
  const editsPopups = useMayUse(['editor']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const audioRef = useRef<AudioContext | null>(null);
  /** The last code looked up, so a QR code held in front of the camera is read once. */
  const lastCode = useRef<string | null>(null);
  const [camera, setCamera] = useState<Camera>('off');
  const [cameraError, setCameraError] = useState('');
  const [sound, setSound] = useState(true);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState('');
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  const lookUp = useCallback(async (code: string) => {
    lastCode.current = code;
    setResult({ kind: 'looking', code });
    try {
      const { booking, slot } = await fetchBookingByCode(code);
      setResult({ kind: 'found', booking, slot, verdict: checkinVerdict(booking, slot, new Date()), busy: false });
    } catch (error) {
      const failure = toApiError(error);
      setResult({ kind: 'error', message: failure.status === 404 ? messages.checkinUnknown(code) : failure.message });
    }
  }, []);

  const onScanned = useCallback(
    (text: string) => {
      const code = parseScannedCode(text);
      if (!code) {
        if (lastCode.current !== text) {
          lastCode.current = text;
          setResult({ kind: 'error', message: messages.checkinNotBookingQr });
        }
        return;
      }
      if (code !== lastCode.current) void lookUp(code);
    },
    [lookUp],
  );

  useEffect(() => {
    if (camera !== 'on' || !videoRef.current) return;
    return scanQrCodes(videoRef.current, onScanned);
  }, [camera, onScanned]);

  useEffect(
    () => () => {
      closeCamera(streamRef.current);
      void audioRef.current?.close().catch(() => undefined);
    },
    [],
  );

  const startCamera = async () => {
    setCameraError('');
    setCamera('starting');
    if (sound && !audioRef.current) audioRef.current = newBeepContext();
    try {
      const stream = await openRearCamera();
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setCamera('on');
    } catch (error) {
      const denied =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      setCameraError(denied ? messages.checkinCameraDenied : messages.checkinCameraMissing);
      setCamera('failed');
    }
  };

  const stopCamera = () => {
    closeCamera(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCamera('off');
  };

  const checkIn = async () => {
    if (result.kind !== 'found') return;
    const { booking, slot } = result;
    setResult({ ...result, busy: true });
    try {
      await updateBookingState(booking.id, 'check-in');
      setResult({ kind: 'done', booking: { ...booking, status: 'checked_in' }, slot });
      signalCheckedIn(sound ? audioRef.current : null);
    } catch (error) {
      setResult({ kind: 'error', message: errorMessage(error) });
    }
  };

  const next = () => {
    lastCode.current = null;
    setResult({ kind: 'idle' });
  };

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const code = parseScannedCode(typed);
    if (!code) {
      setTypedError(messages.checkinManualInvalid);
      return;
    }
    setTypedError('');
    void lookUp(code);
  };

  return (
    <section className="admin-screen checkin" aria-labelledby="checkin-title">
      <Link className="booking-admin__back" to={editsPopups ? '/popup/list' : '/admin'}>
        {editsPopups ? messages.bookingsBack : messages.backToAdmin}
      </Link>
      <h1 id="checkin-title" className="admin-screen__title">
        {messages.checkinTitle}
      </h1>

      <div className="checkin__camera">
        <video
          ref={videoRef}
          className="checkin__video"
          hidden={camera !== 'on'}
          muted
          playsInline
          aria-label={messages.checkinCameraLabel}
          data-testid="checkin-video"
        />
        {camera === 'on' ? (
          <div className="checkin__camera-row">
            <p className="checkin__hint">{messages.checkinScanning}</p>
            <button type="button" className="popup-table__edit" onClick={stopCamera}>
              {messages.checkinCameraStop}
            </button>
          </div>
        ) : (
          <div className="checkin__intro">
            <p>{messages.checkinCameraIntro}</p>
            <button
              type="button"
              className="admin-button checkin__start"
              disabled={camera === 'starting'}
              onClick={() => void startCamera()}
            >
              {messages.checkinCameraStart}
            </button>
            <label className="checkin__sound">
              <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
              {messages.checkinSound}
            </label>
          </div>
        )}
        {cameraError && (
          <p className="checkin__camera-error" role="alert">
            {cameraError}
          </p>
        )}
      </div>

      <div className="checkin__result" aria-live="polite" data-testid="checkin-result">
        {result.kind === 'looking' && <p className="checkin__looking">{messages.checkinLooking}</p>}
        {result.kind === 'error' && (
          <div className="checkin__panel checkin__panel--refused" role="alert" data-testid="checkin-warning">
            <p className="checkin__panel-title">{result.message}</p>
            <button type="button" className="popup-table__edit" onClick={next}>
              {messages.checkinNext}
            </button>
          </div>
        )}
        {(result.kind === 'found' || result.kind === 'done') && (
          <BookingCard booking={result.booking} slot={result.slot} />
        )}
        {result.kind === 'found' && result.verdict.kind === 'ready' && (
          <button type="button" className="checkin__submit" disabled={result.busy} onClick={() => void checkIn()}>
            {result.busy ? messages.checkinSubmitting : messages.checkinSubmit}
          </button>
        )}
        {result.kind === 'found' && result.verdict.kind !== 'ready' && (
          <div
            className={`checkin__panel checkin__panel--${result.verdict.kind}`}
            role="alert"
            data-testid="checkin-warning"
          >
            <p className="checkin__panel-title">{result.verdict.message}</p>
            <button type="button" className="popup-table__edit" onClick={next}>
              {messages.checkinNext}
            </button>
          </div>
        )}
        {result.kind === 'done' && (
          <div className="checkin__panel checkin__panel--done" role="status" data-testid="checkin-done">
            <p className="checkin__panel-title">{messages.checkinDone}</p>
            <button type="button" className="popup-table__edit" onClick={next}>
              {messages.checkinNext}
            </button>
          </div>
        )}
      </div>

      <form className="checkin__manual" onSubmit={submitTyped} noValidate>
        <label htmlFor="checkin-code" className="booking-admin__search-label">
          {messages.checkinManualLabel}
        </label>
        <div className="booking-admin__search-row">
          <input
            id="checkin-code"
            className="admin-form__input"
            autoComplete="off"
            autoCapitalize="characters"
            value={typed}
            aria-invalid={typedError ? true : undefined}
            aria-describedby={typedError ? 'checkin-code-error' : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="admin-button">
            {messages.lookup}
          </button>
        </div>
        {typedError && (
          <p id="checkin-code-error" className="checkin__camera-error">
            {typedError}
          </p>
        )}
      </form>
    </section>
  );
}

/** The booking in large type: masked name, party, slot (Seoul day, turn, time), state. */
function BookingCard({ booking, slot }: { booking: AdminBooking; slot: Popup }) {
  return (
    <dl className="checkin__booking" data-testid="checkin-booking">
      <div>
        <dt>{messages.checkinName}</dt>
        <dd className="checkin__name">{maskName(booking.name)}</dd>
      </div>
      <div>
        <dt>{messages.checkinParty}</dt>
        <dd>{messages.bookingParty(booking.partySize)}</dd>
      </div>
      <div>
        <dt>{messages.checkinSlot}</dt>
        <dd>{slotTitle(slot)}</dd>
      </div>
      <div>
        <dt>{messages.checkinState}</dt>
        <dd>{bookingStateLabel(booking.status)}</dd>
      </div>
      <div>
        <dt>{messages.bookingCode}</dt>
        <dd className="checkin__code">{booking.code}</dd>
      </div>
    </dl>
  );
}
