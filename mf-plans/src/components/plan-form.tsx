import { useState, type FormEvent } from 'react';
import type { PlanBody } from '@linksite/contract';
import { toDateParam } from '@linksite/platform';
import { PlanDatePicker } from './plan-date-picker';
import './plan-screens.css';
import { messages } from '../lib/messages';

export interface PlanFormValues {
  start: Date | null;
  end: Date | null;
  title: string;
}

export interface PlanFormProps {
  initial: PlanFormValues;
  submitLabel: string;
  /** Called with a valid plan; the form stays busy until it settles. */
  onSubmit: (plan: PlanBody) => Promise<void>;
}

/**
 * The fields of 일정 등록 and 일정 수정 (docs/product.md#2-screens-and-routes, docs/product.md#5-validation): start and end
 * date (Korean pickers), content (title, required, ≤ 200 characters). An end the administrator chose stays as typed or
 * picked (docs/decisions/0050-admin-console-real-use.md; until then the initial end follows a later start): an end
 * before the start is marked under the fields at once and, on submit, alerts spec docs/product.md#5-validation's
 * `종료일은 시작일보다 빠를 수 없습니다.`. Missing values alert `필수 값을 입력해주세요.` (docs/decisions/0006-korean-wording.md). Nothing is
 * sent until every rule holds; the browser's own (English) validation bubbles are off.
 */
export function PlanForm({ initial, submitLabel, onSubmit }: PlanFormProps) {
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [title, setTitle] = useState(initial.title);
  const [busy, setBusy] = useState(false);

  // The end the form started with follows a later start until the administrator sets the end; a chosen end is never
  // rewritten (docs/decisions/0050-admin-console-real-use.md).
  const [endChosen, setEndChosen] = useState(false);
  const endBeforeStart = start !== null && end !== null && end < start;

  const changeStart = (date: Date | null) => {
    setStart(date);
    if (!endChosen && date && end && end < date) setEnd(date);
  };
  const changeEnd = (date: Date | null) => {
    setEndChosen(true);
    setEnd(date);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end || !title.trim()) {
      window.alert(messages.requiredValues);
      return;
    }
    if (endBeforeStart) {
      window.alert(messages.planEndBeforeStart);
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ startdate: toDateParam(start), enddate: toDateParam(end), title: title.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    // noValidate: the form checks every rule itself and says so in Korean (the browser would word it in its own UI language).
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__dates">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="plan-startdate">
            {messages.planStartDate}
          </label>
          <PlanDatePicker id="plan-startdate" selected={start} onChange={changeStart} />
        </div>
        <span className="admin-form__tilde" aria-hidden="true">
          ~
        </span>
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor="plan-enddate">
            {messages.planEndDate}
          </label>
          <PlanDatePicker
            id="plan-enddate"
            selected={end}
            onChange={changeEnd}
            openTo={start}
            invalid={endBeforeStart}
            describedBy={endBeforeStart ? 'plan-dates-error' : undefined}
          />
        </div>
      </div>
      {endBeforeStart && (
        <p className="admin-form__error" id="plan-dates-error" role="alert" data-testid="plan-dates-error">
          {messages.planEndBeforeStart}
        </p>
      )}
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="plan-title">
          {messages.planTitle}
        </label>
        <input
          id="plan-title"
          className="admin-form__input"
          type="text"
          required
          maxLength={200}
          value={title}
          placeholder={messages.planTitlePlaceholder}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <button type="submit" className="admin-button admin-form__submit" disabled={busy}>
        {busy ? messages.saving : submitLabel}
      </button>
    </form>
  );
}
