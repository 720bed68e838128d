import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { product, ReadEnvelope, written, WriteEnvelope } from '../common/envelope';
import { messages } from '../common/messages';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreatePopupDto } from './dto/create-popup.dto';
import { UpdatePopupDto } from './dto/update-popup.dto';
import { PopupsService, PopupView } from './popups.service';

const POPUP_SHAPE =
  "`{ id, cnt: '1'|'2'|'3'|null, startdate, enddate, count, table }`; dates ISO 8601 instants in UTC (`2026-11-21T10:00:00.000Z`), count = head count, table = bookable tables (DECISIONS D2)";
const POPUP_RULES =
  "Body `{ cnt, startdate, enddate, count, table }`, nothing else. 400 (nothing stored) with the first broken rule in `message` and every one in `errors`: cnt not '1'/'2'/'3'/''/null `회차는 1, 2, 3 중 하나이거나 선택 안 함이어야 합니다.`; missing date `시작일과 종료일은 필수입니다. 날짜를 선택해주세요.`; a date that is not an RFC 3339 date-time with an offset `일시는 시간대가 포함된 ISO 8601 형식…`; enddate before startdate `종료 일시는 시작 일시보다 빠를 수 없습니다.`; count not a whole number 0–100000 `인원은 0 이상 100000 이하의 정수로 입력해주세요.`; table not a whole number 0–10000 `예약 가능 테이블은 0 이상 10000 이하의 정수로 입력해주세요.` (digit strings such as '12' are accepted); an unknown field `허용되지 않는 필드입니다: <field>`.";

/**
 * Popup reservation slots (DECISIONS D3). Every route, reads included, is administrator-only (D3, D5).
 * Update has its own path `PUT /api/popup/update/:id`: the spec's reuse of the plan path is a defect (D3).
 */
@ApiTags('popups')
@Controller('popup')
@AdminOnly()
export class PopupsController {
  constructor(private readonly popups: PopupsService) {}

  /** `GET /api/popup/list` → `{ product: PopupView[] }` ordered by startdate, id. */
  @Get('list')
  @ApiOperation({ summary: '팝업 예약 목록 (관리자)', description: `\`{ product: Popup[] }\` ordered by startdate, id. Popup = ${POPUP_SHAPE}` })
  async list(): Promise<ReadEnvelope<PopupView[]>> {
    return product(await this.popups.list());
  }

  /** `GET /api/popup/select/:id` → `{ product: PopupView }`; 400 bad id, 404 `팝업 예약을 찾을 수 없습니다.` */
  @Get('select/:id')
  @ApiOperation({ summary: '팝업 예약 한 개 (관리자)', description: `\`{ product: Popup }\`. Popup = ${POPUP_SHAPE}` })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '팝업 예약을 찾을 수 없습니다.' })
  async select(@Param('id', ParseIdPipe) id: number): Promise<ReadEnvelope<PopupView>> {
    return product(await this.popups.get(id));
  }

  /**
   * `POST /api/popup` (spec §7) → 201 `{ message: '팝업 예약이 등록되었습니다.', product: PopupView }`.
   * Rules in CreatePopupDto; any failure is 400 and stores nothing.
   */
  @Post()
  @ApiOperation({ summary: '팝업 예약 등록 (관리자)', description: `${POPUP_RULES} Answers \`{ message, product: Popup }\`. Popup = ${POPUP_SHAPE}` })
  @ApiBody({ type: CreatePopupDto })
  @ApiResponse({ status: 201, description: "`{ message: '팝업 예약이 등록되었습니다.', product: Popup }`" })
  @ApiResponse({ status: 400, description: '시작일과 종료일은 필수입니다. 날짜를 선택해주세요. · 종료 일시는 시작 일시보다 빠를 수 없습니다. · …' })
  async create(@Body() body: CreatePopupDto): Promise<WriteEnvelope<PopupView>> {
    return written(messages.popupCreated, await this.popups.create(body));
  }

  /**
   * `PUT /api/popup/update/:id` (DECISIONS D3) → `{ message: '팝업 예약이 수정되었습니다.', product: PopupView }`.
   * Replaces every field (UpdatePopupDto); writes the `popup_slots` table only.
   * @throws ApiError 400 bad id or body, 404 `팝업 예약을 찾을 수 없습니다.`
   */
  @Put('update/:id')
  @ApiOperation({ summary: '팝업 예약 수정 (관리자)', description: `Replaces the whole slot. ${POPUP_RULES} Answers \`{ message, product: Popup }\`.` })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiBody({ type: UpdatePopupDto })
  @ApiResponse({ status: 200, description: "`{ message: '팝업 예약이 수정되었습니다.', product: Popup }`" })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다. · 시작일과 종료일은 필수입니다. 날짜를 선택해주세요. · …' })
  @ApiResponse({ status: 404, description: '팝업 예약을 찾을 수 없습니다.' })
  async update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdatePopupDto): Promise<WriteEnvelope<PopupView>> {
    return written(messages.popupUpdated, await this.popups.update(id, body));
  }

  /**
   * `DELETE /api/popup/delete/:id` → `{ message: '팝업 예약이 삭제되었습니다.', product: PopupView }` (the slot as it was).
   * @throws ApiError 400 bad id, 404 `팝업 예약을 찾을 수 없습니다.`
   */
  @Delete('delete/:id')
  @ApiOperation({ summary: '팝업 예약 삭제 (관리자)', description: '`{ message, product: Popup }` with the deleted slot.' })
  @ApiParam({ name: 'id', description: 'positive integer' })
  @ApiResponse({ status: 200, description: "`{ message: '팝업 예약이 삭제되었습니다.', product: Popup }`" })
  @ApiResponse({ status: 400, description: '잘못된 ID 형식입니다.' })
  @ApiResponse({ status: 404, description: '팝업 예약을 찾을 수 없습니다.' })
  async remove(@Param('id', ParseIdPipe) id: number): Promise<WriteEnvelope<PopupView>> {
    return written(messages.popupDeleted, await this.popups.remove(id));
  }
}
