import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EmailNotificationProvider } from './email-notification-provider';
import { NOTIFICATION_PROVIDER, type NotificationProvider } from './notification-provider';

/**
 * The configured notification channel (docs/decisions/0076-calendar-and-reminders.md, docs/notifications.md): email
 * through SMTP_URL from SMTP_FROM, or none (null) without SMTP_URL. The place to choose 카카오 알림톡 or SMS once such a
 * provider exists (notification-provider.ts).
 */
@Module({
  providers: [
    {
      provide: NOTIFICATION_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: ({ reminders }: AppConfig): NotificationProvider | null =>
        reminders.smtpUrl && reminders.from ? new EmailNotificationProvider(reminders.smtpUrl, reminders.from) : null,
    },
  ],
  exports: [NOTIFICATION_PROVIDER],
})
export class NotificationsModule implements OnModuleDestroy {
  constructor(@Inject(NOTIFICATION_PROVIDER) private readonly provider: NotificationProvider | null) {}

  onModuleDestroy(): void {
    this.provider?.close();
  }
}
