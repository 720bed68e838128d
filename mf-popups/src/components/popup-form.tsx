import { useState, type FormEvent } from 'react';
import { ko, wallTimeToSeoulIso, type PopupInput, type PopupTurn } from '@linksite/platform';
import { MAX_COUNT, MAX_TABLES, parseWholeNumber } from '../lib/popup-format';
import { PopupDateTimePicker } from './popup-date-time-picker';
import './popup-screens.css';

export interface PopupFormValues {
  cnt: PopupTurn;
  /** Seoul wall times (platform `seoulIsoToWallTime`). */
  start: Date | null;
  end: Date | null;
  count: string;
  table: string;
}

export interface PopupFormProps {
  initial: PopupFormValues;
  submitLabel: string;
  /** Called with a valid slot; the form stays busy until it settles. */
  onSubmit: (popup: PopupInput) => Promise<void>;
}

const TURNS = ['1', '2', '3'] as const;

/**
 * The fields of 팝업 예약 등록 and 팝업 예약 수정 (spec §2, §5): turn (선택 안 함/1/2/3), start and end date-time (the
 * end never before the start: earlier days and times are off, and a start moved past the end drags the end along),
 * head count and bookable tables as whole numbers 0–max. Missing dates alert `시작일과 종료일은 필수입니다. 날짜를
 * 선택해주세요.` (DECISIONS D6); nothing is sent until every rule holds.
 */
export function PopupForm({ initial, submitLabel, onSubmit }: PopupFormProps) {
  const [cnt, setCnt] = useState<PopupTurn>(initial.cnt);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [count, setCount] = useState(initial.count);
  const [table, setTable] = useState(initial.table);
  const [busy, setBusy] = useState(false);

  const changeStart = (date: Date | null) => {
    setStart(date);
    if (date && end && end < date) setEnd(date);
  };
  // Picking the start's day in the end picker keeps the previous time of day, which may be earlier: clamp it.
  const changeEnd = (date: Date | null) => setEnd(date && start && date < start ? start : date);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end) return window.alert(ko.popupDatesRequired);
    if (end < start) return window.alert(ko.popupEndBeforeStart);
    const headCount = parseWholeNumber(count, MAX_COUNT);
    if (headCount === null) return window.alert(ko.wholeNumberRequired(ko.popupCount, MAX_COUNT));
    const tables = parseWholeNumber(table, MAX_TABLES);
    if (tables === null) return window.alert(ko.wholeNumberRequired(ko.popupTables, MAX_TABLES));
    setBusy(true);
    try {
      await onSubmit({ cnt, startdate: wallTimeToSeoulIso(start), enddate: wallTimeToSeoulIso(end), count: headCount, table: tables });
    } finally {
      setBusy(false);
    }
  };

  return (
    // noValidate: the form checks every rule itself and says so in Korean (the browser would word it in its own UI language).
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="popup-cnt">
          {ko.popupTurn}
        </label>
        <select
          id="popup-cnt"
          className="admin-form__input popup-form__select"
          value={cnt ?? ''}
          onChange={(event) => setCnt((event.target.value || null) as PopupTurn)}
        >
          <option value="">{ko.popupTurnNone}</option>
          {TURNS.map((turn) => (
            <option key={turn} value={turn}>
              {ko.popupTurnLabel(turn)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-form__dates">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-startdate">
            {ko.popupStart}
          </label>
          <PopupDateTimePicker id="popup-startdate" selected={start} onChange={changeStart} />
        </div>
        <span className="admin-form__tilde" aria-hidden="true">
          ~
        </span>
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-enddate">
            {ko.popupEnd}
          </label>
          <PopupDateTimePicker id="popup-enddate" selected={end} onChange={changeEnd} min={start} />
        </div>
      </div>
      <div className="popup-form__numbers">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="popup-count">
            {ko.popupCount}
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
            {ko.popupTables}
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
      <button type="submit" className="admin-button admin-form__submit" disabled={busy}>
        {busy ? ko.saving : submitLabel}
      </button>
    </form>
  );
}
