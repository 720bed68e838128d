import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { messages } from '../../common/messages';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const text = (name: string, max: number, message: string) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= max,
      defaultMessage: () => message,
    },
  });

/**
 * Body of `PUT /api/popup/info` (docs/decisions/0030-popup-bookings.md): the popup's public title, place and notice (with the cancellation and
 * no-show rule), shown on `/reserve` before anyone books. The image is uploaded separately
 * (`POST /api/popup/info/image`).
 */
export class CreatePopupInfoDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: '링크 & 일정 겨울 팝업스토어' })
  @Transform(trim)
  @text('popupInfoTitle', 100, messages.popupInfoTitleInvalid)
  title!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: '서울 성동구 연무장길 00, 1층' })
  @Transform(trim)
  @text('popupInfoPlace', 200, messages.popupInfoPlaceInvalid)
  place!: string;

  @ApiProperty({ minLength: 1, maxLength: 2000, description: 'notice, with the cancellation and no-show rule' })
  @Transform(trim)
  @text('popupInfoNotice', 2000, messages.popupInfoNoticeInvalid)
  notice!: string;
}
