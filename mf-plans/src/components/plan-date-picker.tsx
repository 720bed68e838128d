import DatePicker, { registerLocale } from 'react-datepicker';
import { ko as koLocale } from 'date-fns/locale/ko';
import { datePickerKoProps } from '@linksite/platform';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('ko', koLocale);

/**
 * The date form of the schedule screens (docs/product.md#9-constants-and-limits,
 * docs/decisions/0007-screen-completions.md).
 */
export const PLAN_DATE_FORMAT = 'yyyy년 MM월 dd일';

export interface PlanDatePickerProps {
  id: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  /** The month the calendar opens at while nothing is selected (the end picker gets the start). */
  openTo?: Date | null;
  /** Marks the field as refused (`aria-invalid`), described by the element with id `describedBy`. */
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A Korean year-month-day picker (react-datepicker, date-fns `ko` locale). It has no minimum: a minimum would make
 * react-datepicker drop a typed date before it without a word (docs/decisions/0052-no-silent-changes.md); the form says
 * what is wrong instead.
 */
export function PlanDatePicker({ id, selected, onChange, openTo, invalid, describedBy }: PlanDatePickerProps) {
  return (
    <DatePicker
      {...datePickerKoProps}
      id={id}
      dateFormat={PLAN_DATE_FORMAT}
      selected={selected}
      onChange={(date: Date | null) => onChange(date)}
      openToDate={selected ?? openTo ?? undefined}
      ariaInvalid={invalid ? 'true' : undefined}
      ariaDescribedBy={describedBy}
      className="lk-date-input admin-form__input"
    />
  );
}
