import { Module } from '@nestjs/common';
import { ImageUploadInterceptor } from '../images/image-upload';
import { NotificationsModule } from '../notifications/notifications.module';
import { PopupsModule } from '../popups/popups.module';
import { BookingErasureService } from './booking-erasure.service';
import { BookingReminderService } from './booking-reminder.service';
import { BookingsAdminController } from './bookings-admin.controller';
import { BookingsService } from './bookings.service';
import { WaitingRoomService } from './waiting-room.service';
import { WaitlistService } from './waitlist.service';
import { PopupInfoService } from './popup-info.service';
import { ReserveController } from './reserve.controller';

/**
 * Visitors book popup slots (docs/decisions/0030-popup-bookings.md): the public `/api/reserve` routes and the
 * administrator's side, the calendar file and the reminder by email (docs/decisions/0076-calendar-and-reminders.md).
 */
@Module({
  imports: [PopupsModule, NotificationsModule],
  controllers: [ReserveController, BookingsAdminController],
  providers: [
    BookingsService,
    PopupInfoService,
    WaitingRoomService,
    WaitlistService,
    BookingErasureService,
    BookingReminderService,
    ImageUploadInterceptor,
  ],
  // The first screen of `/` says whether bookings are open (site/first-screen.service.ts).
  exports: [BookingsService],
})
export class BookingsModule {}
