import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { imageUrl, insertImage, type PreparedImage, removeUnreferencedImages } from '../images/images.service';
import type { PopupInfoDto } from './dto/booking.dto';
import type { CreatePopupInfoDto } from './dto/create-popup-info.dto';

interface InfoRow {
  title: string;
  place: string;
  notice: string;
  image_key: string | null;
}

const view = (row: InfoRow): PopupInfoDto => ({
  title: row.title,
  place: row.place,
  notice: row.notice,
  imagelink: row.image_key ? imageUrl(row.image_key) : null,
});

/**
 * The popup's public information (docs/decisions/0030-popup-bookings.md): one row (`popup_info`, id 1) with its title,
 * place, notice and an image stored through the upload pipeline. The image is referenced by `image_key`, so the
 * unreferenced-image cleanup (`removeUnreferencedImages`) keeps it while it is used.
 */
@Injectable()
export class PopupInfoService {
  constructor(private readonly dataSource: DataSource) {}

  /** The information, or null until the administrator saved it. */
  async current(): Promise<PopupInfoDto | null> {
    const [row] = await this.dataSource.query<InfoRow[]>(`SELECT * FROM popup_info WHERE id = 1`);
    return row ? view(row) : null;
  }

  /** Saves title, place and notice (the image stays). */
  async save(fields: CreatePopupInfoDto): Promise<PopupInfoDto> {
    const [row] = await this.dataSource.query<InfoRow[]>(
      `INSERT INTO popup_info (id, title, place, notice, updated_at) VALUES (1, $1, $2, $3, now())
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, place = EXCLUDED.place, notice = EXCLUDED.notice,
                                      updated_at = now()
       RETURNING *`,
      [fields.title, fields.place, fields.notice],
    );
    return view(row!);
  }

  /**
   * Makes a prepared upload the popup's image, in one transaction with the image insert; the previous image is
   * deleted when nothing references it any more.
   * @throws ApiError 409 `messages.popupInfoMissing` before the information was saved once.
   */
  async replaceImage(image: PreparedImage): Promise<PopupInfoDto> {
    return this.dataSource.transaction(async (manager) => {
      const [previous] = await manager.query<InfoRow[]>(`SELECT * FROM popup_info WHERE id = 1 FOR UPDATE`);
      if (!previous) throw new ApiError(409, messages.popupInfoMissing);
      const stored = await insertImage(manager, image);
      const [[row]] = await manager.query<[InfoRow[], number]>(
        `UPDATE popup_info SET image_key = $1, updated_at = now() WHERE id = 1 RETURNING *`,
        [stored.key],
      );
      if (previous.image_key && previous.image_key !== stored.key) {
        await removeUnreferencedImages(manager, [previous.image_key]);
      }
      return view(row!);
    });
  }
}
