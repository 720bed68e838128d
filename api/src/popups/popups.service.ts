import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../common/api-error';
import { parseDateTime } from '../common/calendar';
import { messages } from '../common/messages';
import type { CreatePopupDto } from './dto/create-popup.dto';
import { PopupSlot } from './popup-slot.entity';

/**
 * A popup slot as the API answers it (DECISIONS D2): `cnt` the turn or null, dates as ISO 8601 instants in UTC
 * (`2026-11-21T10:00:00.000Z`), `count` = head_count, `table` = bookable_tables.
 */
export interface PopupView {
  id: number;
  cnt: '1' | '2' | '3' | null;
  startdate: string;
  enddate: string;
  count: number;
  table: number;
}

@Injectable()
export class PopupsService {
  constructor(
    @InjectRepository(PopupSlot) private readonly slots: Repository<PopupSlot>,
    private readonly dataSource: DataSource,
  ) {}

  /** Every slot ordered by startdate, then id (DECISIONS D3 `GET /api/popup/list`). */
  async list(): Promise<PopupView[]> {
    return (await this.slots.find({ order: { startdate: 'ASC', id: 'ASC' } })).map(view);
  }

  /** One slot. @throws ApiError 404 `팝업 예약을 찾을 수 없습니다.` */
  async get(id: number): Promise<PopupView> {
    const slot = await this.slots.findOneBy({ id });
    if (!slot) throw new ApiError(404, messages.popupNotFound);
    return view(slot);
  }

  /** Stores a new slot (DECISIONS D3 `POST /api/popup`); the DTO has already checked every rule. */
  async create(fields: CreatePopupDto): Promise<PopupView> {
    return view(await this.slots.save(this.slots.create(columns(fields))));
  }

  /**
   * Replaces every field of slot `id` (DECISIONS D3 `PUT /api/popup/update/:id`), the row locked, in one
   * transaction. Only the `popup_slots` table is written.
   * @throws ApiError 404 `팝업 예약을 찾을 수 없습니다.`
   */
  async update(id: number, fields: CreatePopupDto): Promise<PopupView> {
    return view(
      await this.dataSource.transaction(async (manager) => {
        const slot = await manager.findOne(PopupSlot, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!slot) throw new ApiError(404, messages.popupNotFound);
        return manager.save(Object.assign(slot, columns(fields)));
      }),
    );
  }

  /**
   * Deletes slot `id` (DECISIONS D3 `DELETE /api/popup/delete/:id`).
   * @returns the slot as it was. @throws ApiError 404 `팝업 예약을 찾을 수 없습니다.`
   */
  async remove(id: number): Promise<PopupView> {
    return view(
      await this.dataSource.transaction(async (manager) => {
        const slot = await manager.findOne(PopupSlot, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!slot) throw new ApiError(404, messages.popupNotFound);
        await manager.delete(PopupSlot, { id });
        return slot;
      }),
    );
  }
}

/** API fields → columns (`count` → head_count, `table` → bookable_tables); absent cnt is 선택 안 함 (null). */
function columns(fields: CreatePopupDto): Pick<PopupSlot, 'cnt' | 'startdate' | 'enddate' | 'headCount' | 'bookableTables'> {
  return {
    cnt: fields.cnt ?? null,
    startdate: parseDateTime(fields.startdate)!,
    enddate: parseDateTime(fields.enddate)!,
    headCount: fields.count,
    bookableTables: fields.table,
  };
}

function view(slot: PopupSlot): PopupView {
  return {
    id: slot.id,
    cnt: slot.cnt,
    startdate: slot.startdate.toISOString(),
    enddate: slot.enddate.toISOString(),
    count: slot.headCount,
    table: slot.bookableTables,
  };
}
