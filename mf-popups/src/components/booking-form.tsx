import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Booking, ReserveSlot, WaitlistEntry } from '@linksite/contract';
import { ApiError, errorMessage } from '@linksite/platform';
import { createBooking } from '../api/create-booking';
import { joinWaitlist } from '../api/waitlist';
import {
  type BookingFormErrors,
  type BookingFormValues,
  formatPhoneInput,
  newIdempotencyKey,
  normalizePhone,
  phoneSuffix,
  validateBookingForm,
} from '../lib/booking-form';
import { messages } from '../lib/messages';
import { seoulDayTime, slotTitle } from '../lib/slot-status';

/** The header the API names when it refuses a booking for its waiting-room ticket (waiting-room.service.ts). */
const QUEUE_TICKET_HEADER = 'Queue-Ticket';

export interface BookingFormProps {
  slot: ReserveSlot;
  retentionDays: number;
  /**
   * Hours before the slot the reminder email goes out, or null when the site sends none: the optional email address
   * and its consent are asked only when it is a number (docs/decisions/0076-calendar-and-reminders.md).
   */
  reminderHoursBefore: number | null;
  /** A booking was made (or found again for this submit's key). */
  onBooked: (booking: Booking, phone4: string) => void;
  /** The visitor joined the waitlist of this full slot (docs/decisions/0075-waitlist.md). */
  onWaitlisted: (entry: WaitlistEntry, phone4: string) => void;
  /**
   * The admitted ticket of the slot's waiting room (docs/decisions/0074-waiting-room.md), sent with the booking; null
   * while the visitor still waits (the form can be filled in, not sent).
   */
  queueTicket: string | null;
  /** The server refused the booking for its ticket (the admission window ended): take a new place. */
  onQueueRefused: () => void;
  /** The server refused for a reason that may have changed the slots (full, closed): fetch them again. */
  onRefused: () => void;
  onCancel: () => void;
}

const FIELDS = ['name', 'phone', 'partySize', 'consent', 'email', 'emailConsent'] as const;

/**
 * The booking form (docs/decisions/0030-popup-bookings.md): name, mobile number (Korean format, checked here and by the
 * server), party size within the slot's bounds, the consent to the collection and use of personal data (purpose, items,
 * retention) and the cancellation and no-show rule, shown before the button. Each submit carries one Idempotency-Key,
 * kept while the visitor retries the same values after a failure that may not have reached the server, so a retry never
 * books twice. Errors show next to their field and above the button; nothing is sent while one remains. A refusal (409:
 * full, closed, tables ran out, seats short) keeps the form and its values, says the server's reason with focus on it,
 * and, once the slot is no longer open, points to another slot (docs/decisions/0077-visitor-knows-what-happened.md).
 * When the site sends reminders, an optional email address with its own consent (purpose, item, retention, that
 * refusing costs nothing) comes after the required consent (docs/decisions/0076-calendar-and-reminders.md).
 */
export function BookingForm({
  slot,
  retentionDays,
  reminderHoursBefore,
  onBooked,
  onWaitlisted,
  queueTicket,
  onQueueRefused,
  onRefused,
  onCancel,
}: BookingFormProps) {
  const [values, setValues] = useState<BookingFormValues>({
    name: '',
    phone: '',
    partySize: slot.partyMin,
    consent: false,
    email: '',
    emailConsent: false,
  });
  const [errors, setErrors] = useState<BookingFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const serverErrorRef = useRef<HTMLParagraphElement>(null);
  // A refusal is read first: focus goes to it (a screen reader announces it; on a phone it scrolls into view).
  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);
  const bookable = slot.status === 'open';
  // A full slot takes the same fields onto its waitlist (빈자리 알림, docs/decisions/0075-waitlist.md).
  const waitlist = slot.status === 'full';
  const sendable = waitlist || (bookable && queueTicket !== null);
  // An answer without the field (an API from before docs/decisions/0076-calendar-and-reminders.md) asks no address
  // either.
  const reminderHours = typeof reminderHoursBefore === 'number' ? reminderHoursBefore : null;

  const change = <K extends keyof BookingFormValues>(field: K, value: BookingFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    // Other values are another submit.
    key.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !sendable) return;
    // Without reminders the address is not asked for, whatever an earlier answer left in the state.
    const asked = reminderHours === null ? { ...values, email: '', emailConsent: false } : values;
    const found = validateBookingForm(asked, slot);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    key.current ??= newIdempotencyKey();
    setBusy(true);
    const email = asked.email.trim();
    const body = {
      slotId: slot.id,
      name: values.name.trim(),
      phone: normalizePhone(values.phone)!,
      partySize: values.partySize,
      consent: true as const,
      ...(email ? { email, emailConsent: true as const } : {}),
    };
    try {
      if (waitlist) {
        const { entry } = await joinWaitlist(body, key.current);
        onWaitlisted(entry, phoneSuffix(values.phone));
        return;
      }
      const { booking } = await createBooking(body, key.current, queueTicket ?? undefined);
      onBooked(booking, phoneSuffix(values.phone));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.some(({ field }) => field === QUEUE_TICKET_HEADER)) {
        // Not the form's fault: the visitor's turn ended. A new place; the values stay.
        key.current = null;
        onQueueRefused();
        return;
      }
      setServerError(errorMessage(error));
      if (error instanceof ApiError && error.status > 0) {
        // The server answered: the next try is a new submit.
        key.current = null;
        const byField: BookingFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if ((FIELDS as readonly string[]).includes(field)) byField[field as keyof BookingFormErrors] = message;
        }
        setErrors(byField);
        if (error.status === 409) onRefused();
      }
    } finally {
      setBusy(false);
    }
  };

  const sizes = Array.from({ length: slot.partyMax - slot.partyMin + 1 }, (_, i) => slot.partyMin + i);
  const describedBy = (field: keyof BookingFormValues) => (errors[field] ? `booking-${field}-error` : undefined);
  const fieldError = (field: keyof BookingFormValues) =>
    errors[field] ? (
      <p id={`booking-${field}-error`} className="booking-form__error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="booking-form" onSubmit={submit} noValidate aria-labelledby="booking-form-title">
      <h2 id="booking-form-title" className="reserve__heading">
        {waitlist ? messages.waitlistFormTitle : messages.formTitle}
      </h2>
      <p className="booking-form__slot" data-testid="selected-slot">
        <span className="booking-form__slot-label">{messages.selectedSlot}</span>
        {slotTitle(slot)}
      </p>
      <div className="booking-form__field">
        <label htmlFor="booking-name">{messages.name}</label>
        <input
          id="booking-name"
          className="booking-form__input"
          autoComplete="name"
          maxLength={20}
          value={values.name}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy('name')}
          onChange={(event) => change('name', event.target.value)}
        />
        {fieldError('name')}
      </div>
      <div className="booking-form__field">
        <label htmlFor="booking-phone">{messages.phone}</label>
        <input
          id="booking-phone"
          className="booking-form__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={messages.phonePlaceholder}
          value={values.phone}
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={describedBy('phone')}
          onChange={(event) => change('phone', formatPhoneInput(event.target.value))}
        />
        {fieldError('phone')}
      </div>
      <div className="booking-form__field">
        <label htmlFor="booking-party">{messages.partySize}</label>
        <select
          id="booking-party"
          className="booking-form__input booking-form__select"
          value={values.partySize}
          aria-invalid={Boolean(errors.partySize)}
          aria-describedby={describedBy('partySize')}
          onChange={(event) => change('partySize', Number(event.target.value))}
        >
          {sizes.map((n) => (
            <option key={n} value={n}>
              {messages.partySizeOption(n)}
            </option>
          ))}
        </select>
        {fieldError('partySize')}
      </div>
      <section className="booking-form__rule" aria-labelledby="booking-rule-title">
        <h3 id="booking-rule-title">{messages.noShowRuleTitle}</h3>
        <p>{messages.noShowRule(seoulDayTime(slot.cancelUntil))}</p>
      </section>
      <section className="booking-form__consent" aria-labelledby="booking-consent-title">
        <h3 id="booking-consent-title">{messages.consentTitle}</h3>
        <ul>
          <li>{messages.consentPurpose}</li>
          <li>{messages.consentItems}</li>
          <li>{messages.consentRetention(retentionDays)}</li>
          <li>{messages.consentRefuse}</li>
        </ul>
        <label className="booking-form__check">
          <input
            type="checkbox"
            checked={values.consent}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={describedBy('consent')}
            onChange={(event) => change('consent', event.target.checked)}
          />
          <span>{messages.consentLabel}</span>
        </label>
        {fieldError('consent')}
      </section>
      {reminderHours !== null && (
        <section className="booking-form__consent" aria-labelledby="booking-email-consent-title">
          <div className="booking-form__field">
            <label htmlFor="booking-email">{messages.email}</label>
            <input
              id="booking-email"
              className="booking-form__input"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder={messages.emailPlaceholder}
              value={values.email}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'booking-email-error' : 'booking-email-hint'}
              onChange={(event) => change('email', event.target.value)}
            />
            <p id="booking-email-hint" className="booking-form__hint">
              {waitlist ? messages.waitlistEmailHint : messages.emailHint(reminderHours)}
            </p>
            {fieldError('email')}
          </div>
          <h3 id="booking-email-consent-title">{messages.emailConsentTitle}</h3>
          <ul>
            <li>{messages.emailConsentPurpose(reminderHours)}</li>
            {waitlist && <li>{messages.waitlistEmailPurpose}</li>}
            <li>{messages.emailConsentItems}</li>
            <li>{messages.emailConsentRetention(retentionDays)}</li>
            <li>{messages.emailConsentRefuse}</li>
          </ul>
          <label className="booking-form__check">
            <input
              type="checkbox"
              checked={values.emailConsent}
              aria-invalid={Boolean(errors.emailConsent)}
              aria-describedby={describedBy('emailConsent')}
              onChange={(event) => change('emailConsent', event.target.checked)}
            />
            <span>{messages.emailConsentLabel}</span>
          </label>
          {fieldError('emailConsent')}
        </section>
      )}
      {(serverError || (!bookable && !waitlist)) && (
        <div className="booking-form__server-error" role="alert" data-testid="booking-error">
          {serverError && (
            <p ref={serverErrorRef} tabIndex={-1}>
              {serverError}
            </p>
          )}
          {!bookable && !waitlist && <p>{messages.slotNoLongerOpen}</p>}
        </div>
      )}
      {waitlist && (
        <p className="booking-form__waitlist" data-testid="waitlist-explain">
          {messages.waitlistExplain}
        </p>
      )}
      <div className="booking-form__actions">
        <button type="button" className="reserve-button reserve-button--ghost" onClick={onCancel}>
          {messages.cancelSelection}
        </button>
        <button type="submit" className="reserve-button" disabled={busy || !sendable}>
          {waitlist
            ? busy
              ? messages.waitlistSubmitting
              : messages.waitlistSubmit
            : busy
              ? messages.submitting
              : queueTicket || !bookable
                ? messages.submit
                : messages.queueWaitingSubmit}
        </button>
      </div>
    </form>
  );
}
