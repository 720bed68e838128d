import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { messages } from '../../common/messages';
import { CreatePopupDto } from './create-popup.dto';

/**
 * Body of `PUT /api/popup/update/:id` (docs/decisions/0003-api-calls.md): the whole slot again, with the rules of CreatePopupDto.
 * PUT replaces (the 팝업 예약 수정 form sends every field): an absent cnt means 선택 안 함, absent dates are refused.
 */
export class UpdatePopupDto extends CreatePopupDto {
  /**
   * The slot's `version` when the form loaded it (docs/decisions/0048-no-silent-overwrite.md): stale → 409 with the stored slot, nothing
   * changed. Omitted: saved whatever the stored version (older clients). The same as `If-Match: "<version>"`.
   */
  @ApiPropertyOptional({ type: Number, minimum: 1, example: 2 })
  @IsOptional()
  @Max(2_147_483_647, { message: messages.versionInvalid })
  @Min(1, { message: messages.versionInvalid })
  @IsInt({ message: messages.versionInvalid })
  version?: number;
}
