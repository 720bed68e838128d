import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Principal } from '../auth/principal';
import { Roles } from '../auth/roles.decorator';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ImageUpload, prepareUpload } from '../images/image-upload';
import { ApiErrors } from '../openapi/api-errors';
import { PopupsService } from '../popups/popups.service';
import { BookingsService, type AdminAction } from './bookings.service';
import {
  AdminBookingListResponse,
  AdminBookingWithSlotResponse,
  AdminBookingWriteResponse,
  PopupInfoWriteResponse,
} from './dto/booking.dto';
import { CreatePopupInfoDto } from './dto/create-popup-info.dto';
import { PopupInfoService } from './popup-info.service';
import { AdminWaitlistResponse, AdminWaitlistWriteResponse } from './dto/waitlist.dto';
import { assertStaffMaySee, seesPersonalData, staffView, staffWaitlistView } from './staff-view';
import { WaitlistService } from './waitlist.service';

const ACTION_MESSAGES: Record<AdminAction, string> = {
  'check-in': messages.bookingCheckedIn,
  'no-show': messages.bookingMarkedNoShow,
  cancel: messages.bookingCancelledByAdmin,
};

/**
 * The administrator's side of popup bookings (docs/decisions/0030-popup-bookings.md): a slot's bookings with search, 입장 확인 / 노쇼 / cancel,
 * the CSV export, and the popup's public information. Never public. The owner may use every route; door staff the
 * bookings of today's and upcoming slots, with names and phone numbers masked (staff-view.ts); editors the popup's
 * information; the CSV, which holds every visitor's phone number, is the owner's alone (docs/decisions/0079-roles.md).
 */
@ApiTags('popups')
@Controller('popup')
export class BookingsAdminController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly popups: PopupsService,
    private readonly info: PopupInfoService,
    private readonly clock: Clock,
    private readonly waitlistService: WaitlistService,
  ) {}

  /**
   * `GET /api/popup/:id/bookings[?q=]` → the slot with its counts and its bookings, by time of booking. Staff: 403
   * `messages.staffPastSlot` for a slot that ended before today, names and phone numbers masked.
   */
  @Roles('staff')
  @Get(':id/bookings')
  @ApiOperation({
    summary: '회차별 예약 목록 (관리자)',
    description:
      'The slot (with booked, remaining and checked-in counts) and its bookings by time of booking. q: at least 4 digits match the end of the phone number; letters and digits match the start of the code.',
  })
  @ApiParam({ name: 'id', description: 'slot id, positive integer' })
  @ApiQuery({ name: 'q', required: false, description: 'code prefix or phone suffix' })
  @ApiErrors({
    400: [messages.invalidId, messages.bookingSearchInvalid],
    403: [messages.staffPastSlot],
    404: [messages.popupNotFound],
  })
  async list(
    @Param('id', ParseIdPipe) id: number,
    @Query('q') q: unknown,
    @CurrentUser() user: Principal,
  ): Promise<AdminBookingListResponse> {
    const slot = await this.popups.get(id);
    if (seesPersonalData(user)) return { product: { slot, bookings: await this.bookings.listForSlot(id, q) } };
    assertStaffMaySee(slot.enddate, this.clock.now());
    return { product: { slot, bookings: (await this.bookings.listForSlot(id, q)).map(staffView) } };
  }

  /** `GET /api/popup/:id/bookings/csv` → every booking of the slot as a CSV file (UTF-8 with BOM, for Excel). */
  @Get(':id/bookings/csv')
  @ApiOperation({
    summary: '회차별 예약 CSV 내려받기 (관리자)',
    description:
      'text/csv; charset=utf-8 with a byte order mark (Excel shows Korean only with it), CRLF lines, a Korean header row, times in Asia/Seoul; erased names and phone numbers are marked.',
  })
  @ApiParam({ name: 'id', description: 'slot id, positive integer' })
  @ApiResponse({ status: 200, description: 'the CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.popupNotFound] })
  async csv(@Param('id', ParseIdPipe) id: number, @Res() res: Response): Promise<void> {
    const slot = await this.popups.entity(id);
    const body = await this.bookings.csv(slot);
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="popup-${id}-bookings.csv"`,
        'Cache-Control': 'no-store',
      })
      .send(body);
  }

  /**
   * `GET /api/popup/bookings/by-code/:code` → `{ booking, slot }`: one booking found by its code across every slot,
   * for the door check-in screen that scans the visitor's QR code (docs/decisions/0081-camera-check-in.md). Staff: 403
   * `messages.staffPastSlot` for a slot that ended before today, name and phone number masked.
   */
  @Roles('staff')
  @Get('bookings/by-code/:code')
  @ApiOperation({
    summary: '예약 번호로 예약 찾기 (관리자)',
    description:
      'The booking with that code (case, spaces and hyphens ignored) and its slot with counts, whatever the slot: what the door check-in screen shows after scanning the QR code of /reserve/<code>.',
  })
  @ApiParam({ name: 'code', description: 'booking code: 8 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ' })
  @ApiErrors({
    400: [messages.bookingCodeInvalid],
    403: [messages.staffPastSlot],
    404: [messages.bookingAdminNotFound],
  })
  async byCode(@Param('code') code: string, @CurrentUser() user: Principal): Promise<AdminBookingWithSlotResponse> {
    const booking = await this.bookings.adminByCode(code);
    const slot = await this.popups.get(booking.slotId);
    if (seesPersonalData(user)) return { product: { booking, slot } };
    assertStaffMaySee(slot.enddate, this.clock.now());
    return { product: { booking: staffView(booking), slot } };
  }

  /** `POST /api/popup/bookings/:id/check-in` → 입장 확인. */
  @Roles('staff')
  @Post('bookings/:id/check-in')
  @HttpCode(200)
  @ApiOperation({ summary: '입장 확인 (관리자)', description: 'From booked or no-show; seats stay taken.' })
  @ApiParam({ name: 'id', description: 'booking id, positive integer' })
  @ApiErrors({
    400: [messages.invalidId],
    404: [messages.bookingAdminNotFound],
    409: [messages.bookingStatusConflict, messages.bookingDuplicatePhone],
  })
  async checkIn(
    @Param('id', ParseIdPipe) id: number,
    @CurrentUser() user: Principal,
  ): Promise<AdminBookingWriteResponse> {
    return this.act(id, 'check-in', user);
  }

  /** `POST /api/popup/bookings/:id/no-show` → 노쇼. */
  @Roles('staff')
  @Post('bookings/:id/no-show')
  @HttpCode(200)
  @ApiOperation({ summary: '노쇼 처리 (관리자)', description: 'From booked or checked in; seats stay taken.' })
  @ApiParam({ name: 'id', description: 'booking id, positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.bookingAdminNotFound], 409: [messages.bookingStatusConflict] })
  async noShow(
    @Param('id', ParseIdPipe) id: number,
    @CurrentUser() user: Principal,
  ): Promise<AdminBookingWriteResponse> {
    return this.act(id, 'no-show', user);
  }

  /** `POST /api/popup/bookings/:id/cancel` → cancelled, seats and table given back (no deadline for staff). */
  @Roles('staff')
  @Post('bookings/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: '예약 취소 (관리자)', description: 'Any state but cancelled; seats and table go back.' })
  @ApiParam({ name: 'id', description: 'booking id, positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.bookingAdminNotFound] })
  async cancel(
    @Param('id', ParseIdPipe) id: number,
    @CurrentUser() user: Principal,
  ): Promise<AdminBookingWriteResponse> {
    return this.act(id, 'cancel', user);
  }

  /** An action by the owner, or by staff on a booking of today's or an upcoming slot (answered masked). */
  private async act(id: number, action: AdminAction, user: Principal): Promise<AdminBookingWriteResponse> {
    if (seesPersonalData(user)) {
      return { message: ACTION_MESSAGES[action], product: await this.bookings.adminAction(id, action) };
    }
    const slot = await this.popups.get(await this.bookings.slotIdOf(id));
    assertStaffMaySee(slot.enddate, this.clock.now());
    return { message: ACTION_MESSAGES[action], product: staffView(await this.bookings.adminAction(id, action)) };
  }

  /** `PUT /api/popup/info` → saves the popup's public title, place and notice. */
  @Roles('editor')
  @Put('info')
  @ApiOperation({ summary: '팝업 안내 저장 (관리자)', description: 'Title, place and notice shown on /reserve.' })
  @ApiErrors({
    400: [
      messages.popupInfoTitleInvalid,
      messages.popupInfoPlaceInvalid,
      messages.popupInfoNoticeInvalid,
      messages.unknownField('<field>'),
    ],
  })
  async saveInfo(@Body() body: CreatePopupInfoDto): Promise<PopupInfoWriteResponse> {
    return { message: messages.popupInfoSaved, product: await this.info.save(body) };
  }

  /** `POST /api/popup/info/image`, multipart `image` → the popup's image (the upload pipeline of docs/decisions/0004-image-uploads.md). */
  @Roles('editor')
  @Post('info/image')
  @ImageUpload()
  @ApiOperation({
    summary: '팝업 안내 이미지 변경 (관리자)',
    description:
      'Stores the image through the upload pipeline and makes it the image of /reserve; the previous one is deleted when nothing else references it.',
  })
  @ApiErrors({ 409: [messages.popupInfoMissing] })
  async saveInfoImage(@UploadedFile() file: Express.Multer.File | undefined): Promise<PopupInfoWriteResponse> {
    return { message: messages.popupInfoImageSaved, product: await this.info.replaceImage(await prepareUpload(file)) };
  }

  /**
   * `GET /api/popup/:id/waitlist` → the slot's waitlist (docs/decisions/0075-waitlist.md), in order of asking, the closed entries last.
   * Staff: 403 for a slot that ended before today, names and phone numbers masked.
   */
  @Roles('staff')
  @Get(':id/waitlist')
  @ApiOperation({
    summary: '회차별 빈자리 알림 명단 (관리자)',
    description: 'Waiting and offered first, by time of asking.',
  })
  @ApiParam({ name: 'id', description: 'slot id, positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 403: [messages.staffPastSlot], 404: [messages.popupNotFound] })
  async waitlist(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: Principal): Promise<AdminWaitlistResponse> {
    const slot = await this.popups.get(id);
    const entries = await this.waitlistService.adminList(id);
    if (seesPersonalData(user)) return { product: entries };
    assertStaffMaySee(slot.enddate, this.clock.now());
    return { product: entries.map(staffWaitlistView) };
  }

  /** `POST /api/popup/waitlist/:id/remove` → takes someone off the list; seats held for them pass on. */
  @Roles('staff')
  @Post('waitlist/:id/remove')
  @HttpCode(200)
  @ApiOperation({
    summary: '빈자리 알림 명단에서 빼기 (관리자)',
    description: 'The entry leaves; a held offer goes to the next.',
  })
  @ApiParam({ name: 'id', description: 'waitlist entry id, positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.waitlistEntryNotFound] })
  async removeFromWaitlist(
    @Param('id', ParseIdPipe) id: number,
    @CurrentUser() user: Principal,
  ): Promise<AdminWaitlistWriteResponse> {
    const entry = await this.waitlistService.adminRemove(id);
    return { message: messages.waitlistRemoved, product: seesPersonalData(user) ? entry : staffWaitlistView(entry) };
  }
}
