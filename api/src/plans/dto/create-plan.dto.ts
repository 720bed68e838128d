import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { isCalendarDate } from '../../common/calendar';
import { messages } from '../../common/messages';

const TITLE_MAX = 200;
const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';
const dateMessage = ({ value }: ValidationArguments): string =>
  isMissing(value) ? messages.requiredValues : messages.planDateInvalid;

/**
 * Body of `POST /api/plan` (docs/decisions/0002-entities.md "Plan", docs/decisions/0003-api-calls.md; docs/product.md#2-screens-and-routes "Schedule create and edit", docs/product.md#5-validation), mirroring the
 * 일정 등록 form. Unknown fields are refused by the global pipe. Each field reports one Korean sentence:
 * - startdate, enddate: required (`messages.requiredValues`, docs/product.md#5-validation / docs/decisions/0006-korean-wording.md), real calendar days `YYYY-MM-DD`.
 * - enddate not before startdate (`messages.planEndBeforeStart`, docs/product.md#5-validation: the end picker's minimum).
 * - title: trimmed, 1–200 characters (code points, as PostgreSQL's varchar(200) counts), no NUL.
 */
export class CreatePlanDto {
  @ApiProperty({ example: '2026-11-21', description: "first day, 'YYYY-MM-DD' (a real calendar day; required)" })
  @ValidateBy({ name: 'planDate', validator: { validate: isCalendarDate, defaultMessage: dateMessage } })
  startdate!: string;

  @ApiProperty({ example: '2026-11-23', description: "last day, 'YYYY-MM-DD', not before startdate (required)" })
  @ValidateBy({
    name: 'planEndDate',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const start = (object as CreatePlanDto).startdate;
        return isCalendarDate(value) && (!isCalendarDate(start) || value >= start);
      },
      defaultMessage: (args: ValidationArguments) =>
        isCalendarDate(args.value) ? messages.planEndBeforeStart : dateMessage(args),
    },
  })
  enddate!: string;

  @ApiProperty({
    example: '신상품 사전 예약',
    minLength: 1,
    maxLength: TITLE_MAX,
    description: 'content (내용), trimmed, 1–200 characters',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @ValidateBy({
    name: 'planTitle',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && value.length > 0 && [...value].length <= TITLE_MAX && !value.includes('\u0000'),
      defaultMessage: ({ value }: ValidationArguments) =>
        typeof value !== 'string' || value.length === 0
          ? messages.planTitleRequired
          : value.includes('\u0000')
            ? messages.planTitleInvalidChar
            : messages.planTitleTooLong,
    },
  })
  title!: string;
}
