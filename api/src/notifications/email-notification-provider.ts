import { createTransport, type Transporter } from 'nodemailer';
import { isPermanentResponseCode } from 'nodemailer/lib/errors';
import { NotificationError, type NotificationMessage, type NotificationProvider } from './notification-provider';

/** How long a connection, the server's greeting and a silent socket may take, in milliseconds. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Email over SMTP with nodemailer (docs/decisions/0076-calendar-and-reminders.md): plain-text UTF-8 messages from
 * SMTP_FROM through SMTP_URL (`smtp://user:password@host:587` upgrades with STARTTLS when the server offers it;
 * `smtps://…:465` is TLS from the start; nodemailer's options may ride in the query, e.g. `?requireTLS=true`). A
 * failure is a NotificationError naming the SMTP reply code or nodemailer's error code, permanent for a 5xx reply (RFC
 * 5321: the same message would be refused again), never carrying the address.
 */
export class EmailNotificationProvider implements NotificationProvider {
  readonly channel = 'email';
  private readonly transport: Transporter;

  /**
   * @param smtpUrl SMTP_URL
   * @param from SMTP_FROM, `no-reply@example.com` or `"링크 & 일정" <no-reply@example.com>`
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({ url: smtpUrl, ...TIMEOUTS });
  }

  async send(message: NotificationMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      const { responseCode, code } = error as { responseCode?: number; code?: string };
      if (responseCode) throw new NotificationError(`SMTP ${responseCode}`, isPermanentResponseCode(responseCode));
      throw new NotificationError(code ?? 'ERROR', false);
    }
  }

  close(): void {
    this.transport.close();
  }
}
