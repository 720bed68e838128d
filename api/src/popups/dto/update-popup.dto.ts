import { CreatePopupDto } from './create-popup.dto';

/**
 * Body of `PUT /api/popup/update/:id` (DECISIONS D3): the whole slot again, with the rules of CreatePopupDto.
 * PUT replaces (the 팝업 예약 수정 form sends every field): an absent cnt means 선택 안 함, absent dates are refused.
 */
export class UpdatePopupDto extends CreatePopupDto {}
