import { useState, type FormEvent } from 'react';
import type { PopupBody, PopupTurn } from '@linksite/contract';
import { wallTimeToSeoulIso } from '@linksite/platform';
import { MAX_COUNT, MAX_TABLES, parseWholeNumber } from '../lib/popup-format';
import { PopupDateTimePicker } from './popup-date-time-picker';
import './popup-screens.css';
import { messages } from '../lib/messages';

export interface PopupFormValues {
  cnt: PopupTurn;
  /** Seoul wall times (platform `seoulIsoToWallTime`). */
  start: Date | null;
  end: Date | null;
  count: string;
  table: string;
  /**
   * Booking settings (docs/decisions/0030-popup-bookings.md); times are Seoul wall times, null = the default (at once /
   * at the start).
   */
  opensAt: Date | null;
  closesAt: Date | null;
  cancelHours: string;
  partyMin: string;
  partyMax: string;
  bookingEnabled: boolean;
}

/** The booking settings of a new slot: open at once, close at the start, cancel until 24 h before, 1–4 people. */
export const BOOKING_DEFAULTS = {
  opensAt: null,
  closesAt: null,
  cancelHours: '24',
  partyMin: '1',
  partyMax: '4',
  bookingEnabled: true,
} as const;

export interface PopupFormProps {
  initial: PopupFormValues;
  submitLabel: string;
  /** Called with a valid slot; the form stays busy until it settles. */
  onSubmit: (popup: PopupBody) => Promise<void>;
}

const TURNS = ['1', '2', '3'] as const;

/**
 * The fields of 팝업 예약 등록 and 팝업 예약 수정 (docs/product.md#2-screens-and-routes, docs/product.md#5-validation): turn (선택 안
 * 함/1/2/3), start and end date-time, head count and bookable tables as whole numbers 0–max. Date-times stay as typed or
 * picked (docs/decisions/0050-admin-console-real-use.md): an end at or before the start (a zero-length slot included),
 * or a booking close at or before its opening, is marked under the fields at once and alerted on submit. Missing dates
 * alert `시작일과 종료일은 필수입니다. 날짜를 선택해주세요.` (docs/decisions/0006-korean-wording.md); nothing is sent until every rule holds.
 */
export function PopupForm({ initial, submitLabel, onSubmit }: PopupFormProps) {
  const [cnt, setCnt] = useState<PopupTurn>(initial.cnt);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [count, setCount] = useState(initial.count);
  const [table, setTable] = useState(initial.table);
  const [opensAt, setOpensAt] = useState(initial.opensAt);
  const [closesAt, setClosesAt] = useState(initial.closesAt);
  const [cancelHours, setCancelHours] = useState(initial.cancelHours);
  const [partyMin, setPartyMin] = useState(initial.partyMin);
  const [partyMax, setPartyMax] = useState(initial.partyMax);
  const [bookingEnabled, setBookingEnabled] = useState(initial.bookingEnabled);
  const [busy, setBusy] = useState(false);

  // A slot must end after it starts (docs/decisions/0050-admin-console-real-use.md: 6:00 ~ 6:00 is refused, as the API
  // refuses it).
  const endNotAfterStart = start !== null && end !== null && end <= start;
  const closeNotAfterOpen = opensAt !== null && closesAt !== null && closesAt <= opensAt;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end) return window.alert(messages.popupDatesRequired);
    if (endNotAfterStart) return window.alert(messages.popupEndBeforeStart);
    const headCount = parseWholeNumber(count, MAX_COUNT);
    if (headCount === null) return window.alert(messages.wholeNumberRequired(messages.popupCount, MAX_COUNT));
    const tables = parseWholeNumber(table, MAX_TABLES);
    if (tables === null) return window.alert(messages.wholeNumberRequired(messages.popupTables, MAX_TABLES));
    if (closeNotAfterOpen) return window.alert(messages.bookingCloseBeforeOpen);
    const hours = parseWholeNumber(cancelHours, 720);
    if (hours === null) return window.alert(messages.cancelHoursRange);
    const min = parseWholeNumber(partyMin, 50);
    const max = parseWholeNumber(partyMax, 50);
    if (min === null || max === null || min < 1 || max < min) return window.alert(messages.partyRange);
    setBusy(true);
    try {
      await onSubmit({
        cnt,
        startdate: wallTimeToSeoulIso(start),
        enddate: wallTimeToSeoulIso(end),
        count: headCount,
        table: tables,
        bookingOpensAt: opensAt ? wallTimeToSeoulIso(opensAt) : null,
        bookingClosesAt: closesAt ? wallTimeToSeoulIso(closesAt) : null,
        cancelHoursBefore: hours,
        partyMin: min,
        partyMax: max,
        bookingEnabled,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    // noValidate: the form checks every rule itself and says so in Korean (the browser would word it in its own UI language).
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="popup-cnt">
          {messages.popupTurn}
        </label>
        <select
          id="popup-cnt"
          className="admin-form__input popup-form__select"
          value={cnt ?? ''}
          onChange={(event) => setCnt((event.target.value || null) as PopupTurn)}
        >
          <option value="">{messages.popupTurnNone}</option>
          {TURNS.map((turn) => (
            <option key={turn} value={turn}>
              {messages.popupTurnLabel(turn)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-form__dates">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-startdate">
            {messages.popupStart}
          </label>
          <PopupDateTimePicker id="popup-startdate" selected={start} onChange={setStart} />
        </div>
        <span className="admin-form__tilde" aria-hidden="true">
          ~
        </span>
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-enddate">
            {messages.popupEnd}
          </label>
          <PopupDateTimePicker
            id="popup-enddate"
            selected={end}
            onChange={setEnd}
            openTo={start}
            invalid={endNotAfterStart}
            describedBy={endNotAfterStart ? 'popup-dates-error' : undefined}
          />
        </div>
      </div>
      {endNotAfterStart && (
        <p className="admin-form__error" id="popup-dates-error" role="alert" data-testid="popup-dates-error">
          {messages.popupEndBeforeStart}
        </p>
      )}
      <div className="popup-form__numbers">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-count">
            {messages.popupCount}
          </label>
          <input
            id="popup-count"
            className="admin-form__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_COUNT}
            step={1}
            required
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </div>
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-table">
            {messages.popupTables}
          </label>
          <input
            id="popup-table"
            className="admin-form__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TABLES}
            step={1}
            required
            value={table}
            onChange={(event) => setTable(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="popup-form__booking">
        <legend className="admin-form__label">{messages.bookingSettings}</legend>
        <p className="popup-form__hint">{messages.bookingTimesHint}</p>
        <div className="admin-form__dates">
          <div className="admin-form__field">
            <label className="admin-form__label" htmlFor="popup-booking-opens">
              {messages.bookingOpensAt}
            </label>
            <PopupDateTimePicker id="popup-booking-opens" selected={opensAt} onChange={setOpensAt} />
          </div>
          <span className="admin-form__tilde" aria-hidden="true">
            ~
          </span>
          <div className="admin-form__field">
            <label className="admin-form__label" htmlFor="popup-booking-closes">
              {messages.bookingClosesAt}
            </label>
            <PopupDateTimePicker
              id="popup-booking-closes"
              selected={closesAt}
              onChange={setClosesAt}
              openTo={opensAt}
              invalid={closeNotAfterOpen}
              describedBy={closeNotAfterOpen ? 'popup-booking-error' : undefined}
            />
          </div>
        </div>
        {closeNotAfterOpen && (
          <p className="admin-form__error" id="popup-booking-error" role="alert" data-testid="popup-booking-error">
            {messages.bookingCloseBeforeOpen}
          </p>
        )}
        <div className="popup-form__numbers popup-form__numbers--three">
          <div className="admin-form__field">
            <label className="admin-form__label" htmlFor="popup-party-min">
              {messages.partyMin}
            </label>
            <input
              id="popup-party-min"
              className="admin-form__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              step={1}
              value={partyMin}
              onChange={(event) => setPartyMin(event.target.value)}
            />
          </div>
          <div className="admin-form__field">
            <label className="admin-form__label" htmlFor="popup-party-max">
              {messages.partyMax}
            </label>
            <input
              id="popup-party-max"
              className="admin-form__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              step={1}
              value={partyMax}
              onChange={(event) => setPartyMax(event.target.value)}
            />
          </div>
          <div className="admin-form__field">
            <label className="admin-form__label" htmlFor="popup-cancel-hours">
              {messages.cancelHoursBefore}
            </label>
            <input
              id="popup-cancel-hours"
              className="admin-form__input"
              type="number"
              inputMode="numeric"
              min={0}
              max={720}
              step={1}
              value={cancelHours}
              onChange={(event) => setCancelHours(event.target.value)}
            />
          </div>
        </div>
        <label className="popup-form__switch">
          <input
            type="checkbox"
            checked={bookingEnabled}
            onChange={(event) => setBookingEnabled(event.target.checked)}
          />
          {messages.bookingEnabled}
        </label>
      </fieldset>
      <button type="submit" className="admin-button admin-form__submit" disabled={busy}>
        {busy ? messages.saving : submitLabel}
      </button>
    </form>
  );
}
