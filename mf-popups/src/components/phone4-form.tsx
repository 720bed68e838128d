import { useState, type FormEvent } from 'react';
import { messages } from '../lib/messages';

const PHONE4 = /^\d{4}$/;

/**
 * Asks for the last four digits of the phone number; `onSubmit` gets them once they are four digits. The booking's
 * confirmation and the waitlist entry's page are found with them.
 */
export function Phone4Form(props: {
  id: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  hint: string;
  onSubmit: (phone4: string) => void;
  onBack?: () => void;
}) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!PHONE4.test(value)) return setInvalid(true);
    props.onSubmit(value);
  };
  return (
    <form className="phone4-form" onSubmit={submit} noValidate>
      <p className="phone4-form__hint">{props.hint}</p>
      <label htmlFor={props.id}>{messages.phone4}</label>
      <div className="phone4-form__row">
        <input
          id={props.id}
          className="booking-form__input phone4-form__input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={value}
          aria-invalid={invalid}
          onChange={(event) => {
            setValue(event.target.value.replace(/\D/g, '').slice(0, 4));
            setInvalid(false);
          }}
        />
        <button type="submit" className="reserve-button" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
        {props.onBack && (
          <button type="button" className="reserve-button reserve-button--ghost" onClick={props.onBack}>
            {messages.cancelKeep}
          </button>
        )}
      </div>
      {invalid && (
        <p className="booking-form__error" role="alert">
          {messages.phone4Invalid}
        </p>
      )}
    </form>
  );
}
