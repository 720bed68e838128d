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
 * The fields of 일정 등록 and 일정 수정 (spec §2, §5): start and end date (Korean pickers, the end's minimum is the
 * start; moving the start past the end moves the end too), content (title, required, ≤ 200 characters). Missing
 * dates alert `필수 값을 입력해주세요.` (DECISIONS D6) and nothing is sent.
 */
export function PlanForm({ initial, submitLabel, onSubmit }: PlanFormProps) {
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [title, setTitle] = useState(initial.title);
  const [busy, setBusy] = useState(false);

  const changeStart = (date: Date | null) => {
    setStart(date);
    if (date && end && end < date) setEnd(date);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end || !title.trim()) {
      window.alert(messages.requiredValues);
      return;
    }
    if (end < start) {
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
    <form className="admin-form" onSubmit={submit}>
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
          <PlanDatePicker id="plan-enddate" selected={end} onChange={setEnd} minDate={start ?? undefined} />
        </div>
      </div>
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
