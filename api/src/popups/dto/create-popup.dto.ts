import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { parseDateTime } from '../../common/calendar';
import { messages } from '../../common/messages';

/** Bounds of DECISIONS D2 "Popup slot" (also CHECKs of the popup_slots table). */
export const POPUP_COUNT_MAX = 100_000;
export const POPUP_TABLE_MAX = 10_000;
export const POPUP_TURNS = ['1', '2', '3'] as const;

const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';
const dateTimeMessage = ({ value }: ValidationArguments): string =>
  isMissing(value) ? messages.popupDatesRequired : messages.popupDateInvalid;

/** A form sends numbers as digit strings: '12' → 12. Anything else ('1.5', '-1', 'abc', ' 12') stays and is refused. */
const digitsToNumber = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

const wholeNumber = (name: string, max: number, message: string) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max,
      defaultMessage: () => message,
    },
  });

/**
 * Body of `POST /api/popup` (DECISIONS D2 "Popup slot", D3; spec §2 "Popup create", §5), mirroring the
 * 팝업 예약 등록 form. Unknown fields are refused by the global pipe. Each field reports one Korean sentence:
 * - cnt: `'1' | '2' | '3'`, or `''` / null / absent for 선택 안 함 (stored as null).
 * - startdate, enddate: required (`시작일과 종료일은 필수입니다. 날짜를 선택해주세요.`, spec §5 / D6), RFC 3339
 *   date-times with an offset; enddate not before startdate (`종료 일시는 시작 일시보다 빠를 수 없습니다.`).
 * - count: head count, a whole number 0–100000; table: bookable tables, a whole number 0–10000. Digit strings
 *   from a form are converted; fractions, negatives, other strings, booleans and null are refused.
 */
export class CreatePopupDto {
  @ApiProperty({ enum: POPUP_TURNS, nullable: true, required: false, description: "turn (회차); '' or null = 선택 안 함" })
  @Transform(({ value }) => (value === '' ? null : value))
  @ValidateBy({
    name: 'popupTurn',
    validator: {
      validate: (value: unknown) => value === undefined || value === null || (POPUP_TURNS as readonly unknown[]).includes(value),
      defaultMessage: () => messages.popupTurnInvalid,
    },
  })
  cnt?: '1' | '2' | '3' | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-21T19:00:00+09:00', description: 'start, RFC 3339 with an offset (required)' })
  @ValidateBy({ name: 'popupDateTime', validator: { validate: (value: unknown) => parseDateTime(value) !== null, defaultMessage: dateTimeMessage } })
  startdate!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-21T21:00:00+09:00', description: 'end, RFC 3339 with an offset, not before startdate (required)' })
  @ValidateBy({
    name: 'popupEndDateTime',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const end = parseDateTime(value);
        const start = parseDateTime((object as CreatePopupDto).startdate);
        return end !== null && (start === null || end.getTime() >= start.getTime());
      },
      defaultMessage: (args: ValidationArguments) => (parseDateTime(args.value) ? messages.popupEndBeforeStart : dateTimeMessage(args)),
    },
  })
  enddate!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: POPUP_COUNT_MAX, example: 40, description: 'head count (인원); a digit string is accepted' })
  @Transform(digitsToNumber)
  @wholeNumber('popupCount', POPUP_COUNT_MAX, messages.popupCountInvalid)
  count!: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: POPUP_TABLE_MAX, example: 10, description: 'bookable tables (예약 가능 테이블); a digit string is accepted' })
  @Transform(digitsToNumber)
  @wholeNumber('popupTable', POPUP_TABLE_MAX, messages.popupTableInvalid)
  table!: number;
}
