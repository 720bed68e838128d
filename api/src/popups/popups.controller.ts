import { Body, Controller, Delete, Get, Headers, Param, Post, Put } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { expectedVersion } from '../common/expected-version';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ApiErrors } from '../openapi/api-errors';
import { CreatePopupDto } from './dto/create-popup.dto';
import { PopupConflictResponse, PopupListResponse, PopupResponse, PopupWriteResponse } from './dto/popup.dto';
import { SetBookingEnabledDto } from './dto/set-booking-enabled.dto';
import { UpdatePopupDto } from './dto/update-popup.dto';
import { PopupsService } from './popups.service';
import { Roles } from '../auth/roles.decorator';

/** Every sentence a popup body's validation may answer with (CreatePopupDto, UpdatePopupDto). */
const POPUP_BODY_ERRORS = [
  messages.popupTurnInvalid,
  messages.popupDatesRequired,
  messages.popupDateInvalid,
  messages.popupEndBeforeStart,
  messages.popupCountInvalid,
  messages.popupTableInvalid,
  messages.popupBookingTimeInvalid,
  messages.popupBookingCloseBeforeOpen,
  messages.popupCancelHoursInvalid,
  messages.popupPartyMinInvalid,
  messages.popupPartyMaxInvalid,
  messages.popupBookingEnabledInvalid,
  messages.unknownField('<field>'),
];

/** `If-Match` of the slot writes that can be refused as stale (docs/decisions/0048-no-silent-overwrite.md). */
const IF_MATCH_HEADER = {
  name: 'if-match',
  required: false,
  description:
    'The slot\'s `version` when it was loaded (`"2"`). Stale: 409 with the stored slot, nothing changes. Absent or `*`: no check (overwrites, as before).',
} as const;

/**
 * Popup reservation slots (docs/decisions/0003-api-calls.md). Every route, reads included, is administrator-only (docs/decisions/0003-api-calls.md, docs/decisions/0005-authentication.md: none is
 * `@Public()`). Update has its own path `PUT /api/popup/update/:id`: the spec's reuse of the plan path is a defect.
 */
@ApiTags('popups')
@Roles('editor')
@Controller('popup')
export class PopupsController {
  constructor(private readonly popups: PopupsService) {}

  /** `GET /api/popup/list` → `{ product: PopupDto[] }` ordered by startdate, id. */
  @Roles('editor', 'staff')
  @Get('list')
  @ApiOperation({ summary: '팝업 예약 목록 (관리자)', description: 'Slots ordered by startdate, id.' })
  async list(): Promise<PopupListResponse> {
    return { product: await this.popups.list() };
  }

  /** `GET /api/popup/select/:id` → `{ product: PopupDto }`; 400 bad id, 404 unknown id. */
  @Get('select/:id')
  @ApiOperation({ summary: '팝업 예약 한 개 (관리자)' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({ 400: [messages.invalidId], 404: [messages.popupNotFound] })
  async select(@Param('id', ParseIdPipe) id: number): Promise<PopupResponse> {
    return { product: await this.popups.get(id) };
  }

  /**
   * `POST /api/popup` (docs/product.md#7-api-calls) → 201 `{ message, product: PopupDto }`. Rules in CreatePopupDto; any failure is 400
   * and stores nothing.
   */
  @Post()
  @ApiOperation({
    summary: '팝업 예약 등록 (관리자)',
    description: 'Nothing but cnt, startdate, enddate, count and table; any broken rule is a 400 and stores nothing.',
  })
  @ApiErrors({ 400: POPUP_BODY_ERRORS })
  async create(@Body() body: CreatePopupDto): Promise<PopupWriteResponse> {
    return { message: messages.popupCreated, product: await this.popups.create(body) };
  }

  /**
   * `PUT /api/popup/update/:id` (docs/decisions/0003-api-calls.md) → `{ message, product: PopupDto }`. Replaces every field
   * (UpdatePopupDto); writes the `popup_slots` table only. 400 bad id or body, 404 unknown id.
   * docs/decisions/0048-no-silent-overwrite.md: with `If-Match: "<version>"` or `version` in the body, a slot saved by another administrator
   * since is left as it is: 409 `messages.popupEditConflict` with the stored slot. Without either, it overwrites.
   */
  @Put('update/:id')
  @ApiOperation({
    summary: '팝업 예약 수정 (관리자)',
    description:
      'Replaces the whole slot; rules as on create. Booking settings absent from the body keep their value. The head count and tables may not go below what bookings already took (409). With `If-Match: "<version>"` or `version` in the body, a stale version answers 409 with the stored slot in `product` and changes nothing.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [
      messages.invalidId,
      ...POPUP_BODY_ERRORS,
      messages.ifMatchInvalid,
      messages.versionInvalid,
      messages.versionMismatch,
    ],
    404: [messages.popupNotFound],
    409: {
      type: PopupConflictResponse,
      sentences: [messages.popupEditConflict, messages.popupCountBelowBooked(1), messages.popupTableBelowBooked(1)],
    },
  })
  async update(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: UpdatePopupDto,
    @Headers('if-match') ifMatch?: string,
  ): Promise<PopupWriteResponse> {
    const expected = expectedVersion(ifMatch, body.version);
    return { message: messages.popupUpdated, product: await this.popups.update(id, body, expected) };
  }

  /**
   * `DELETE /api/popup/delete/:id` → `{ message, product: PopupDto }` (the slot as it was). 400 bad id, 404. With
   * `If-Match: "<version>"` (docs/decisions/0048-no-silent-overwrite.md) a slot changed since is not deleted: 409 `messages.popupDeleteConflict`.
   */
  @Delete('delete/:id')
  @ApiOperation({
    summary: '팝업 예약 삭제 (관리자)',
    description:
      'Answers the deleted slot as it was; its past bookings go with it. A slot with a booking still waiting (booked) is refused. With `If-Match: "<version>"`, a slot changed since is not deleted: 409 with the stored slot in `product`.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiErrors({
    400: [messages.invalidId, messages.ifMatchInvalid],
    404: [messages.popupNotFound],
    409: { type: PopupConflictResponse, sentences: [messages.popupDeleteConflict, messages.popupHasBookings] },
  })
  async remove(
    @Param('id', ParseIdPipe) id: number,
    @Headers('if-match') ifMatch?: string,
  ): Promise<PopupWriteResponse> {
    return { message: messages.popupDeleted, product: await this.popups.remove(id, expectedVersion(ifMatch)) };
  }

  /** `PUT /api/popup/:id/booking-enabled` `{ enabled }` → opens or closes booking by hand (docs/decisions/0030-popup-bookings.md). */
  @Put(':id/booking-enabled')
  @ApiOperation({
    summary: '예약 받기 켜기/끄기 (관리자)',
    description: 'false: the slot is 마감 for visitors at once; true: bookable again within its open and close times.',
  })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiErrors({
    400: [messages.invalidId, messages.popupBookingEnabledInvalid, messages.unknownField('<field>')],
    404: [messages.popupNotFound],
  })
  async setBookingEnabled(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: SetBookingEnabledDto,
  ): Promise<PopupWriteResponse> {
    return {
      message: body.enabled ? messages.popupBookingOpened : messages.popupBookingClosed,
      product: await this.popups.setBookingEnabled(id, body.enabled),
    };
  }
}
