/**
 * How the API tells a visitor something outside the site (docs/decisions/0076-calendar-and-reminders.md,
 * docs/notifications.md): one interface, {@link NotificationProvider}, with one implementation shipped, email over SMTP
 * (email-notification-provider.ts).
 *
 * 카카오 알림톡 or SMS go here as further implementations of the same interface, never as a fake one: a
 * `KakaoAlimtalkProvider` (or `SmsProvider`) file beside the email one that calls the vendor's HTTP API with the
 * sender key and an approved message template, chosen in notifications.module.ts by its own settings (validated in
 * config/app-config.ts, failing fast like SMTP_URL), with `channel: 'alimtalk'` so the reminder job
 * (bookings/booking-reminder.service.ts) addresses it by the booking's phone number instead of its email address.
 * docs/notifications.md lists the steps.
 */

/** One notification to one recipient, whatever the channel. */
export interface NotificationMessage {
  /**
   * The recipient on the provider's channel: an email address for the email provider; a phone number
   * (`01012345678`) for 카카오 알림톡 or SMS.
   */
  to: string;
  /** A short title: the email's subject (an SMS provider may put it first or leave it out). */
  subject: string;
  /** The body as plain text, lines separated by `\n`. */
  text: string;
}

/** A send that did not go through, told by code only: the recipient never appears in it (it may reach the logs). */
export class NotificationError extends Error {
  override name = 'NotificationError';

  /**
   * @param reason what went wrong without personal data: `SMTP 550`, `ECONNECTION`…
   * @param permanent true when the channel refused the recipient or the message for good (an SMTP 5xx reply):
   *   sending it again would fail again; false for a failure that may pass (server down, timeout, 4xx).
   */
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

/** Sends notifications on one channel. */
export interface NotificationProvider {
  /** The channel, which says what {@link NotificationMessage.to} is: only `email` ships. */
  readonly channel: 'email';
  /**
   * Sends one message; resolves once the channel accepted it.
   * @throws NotificationError when it did not go through.
   */
  send(message: NotificationMessage): Promise<void>;
  /** Lets go of connections at shutdown. */
  close(): void;
}

/**
 * Nest injection token of the configured NotificationProvider, or of null when none is configured (no SMTP_URL):
 * then nothing is sent (notifications.module.ts).
 */
export const NOTIFICATION_PROVIDER = Symbol('NOTIFICATION_PROVIDER');
