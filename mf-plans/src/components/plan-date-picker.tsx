import DatePicker, { registerLocale } from 'react-datepicker';
import { ko as koLocale } from 'date-fns/locale/ko';
import { datePickerKoProps } from '@linksite/platform';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('ko', koLocale);

/** The date form of the schedule screens (spec §9, DECISIONS D7). */
export const PLAN_DATE_FORMAT = 'yyyy년 MM월 dd일';

export interface PlanDatePickerProps {
  id: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  /** The end picker's minimum is the start date (spec §2). */
  minDate?: Date;
}

/** A Korean year-month-day picker (react-datepicker, date-fns `ko` locale). */
export function PlanDatePicker({ id, selected, onChange, minDate }: PlanDatePickerProps) {
  return (
    <DatePicker
      {...datePickerKoProps}
      id={id}
      dateFormat={PLAN_DATE_FORMAT}
      selected={selected}
      onChange={(date: Date | null) => onChange(date)}
      minDate={minDate}
      className="lk-date-input admin-form__input"
    />
  );
}
