import DatePicker, { registerLocale } from 'react-datepicker';
import { ko as koLocale } from 'date-fns/locale/ko';
import { datePickerKoProps } from '@linksite/platform';
import { POPUP_DATE_TIME_FORMAT } from '../lib/popup-format';
import 'react-datepicker/dist/react-datepicker.css';
import { messages } from '../lib/messages';

registerLocale('ko', koLocale);

export interface PopupDateTimePickerProps {
  id: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  /** The day the calendar opens at while nothing is selected (the end picker gets the start). */
  openTo?: Date | null;
  /** Marks the field as refused (`aria-invalid`), described by the element with id `describedBy`. */
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A Korean date and 12-hour time picker (`yyyy년 MM월 dd일 aa h:mm`, 오전/오후) on Seoul wall times. It has no
 * minimum: react-datepicker replaces a typed value outside its minimum without a word
 * (docs/decisions/0050-admin-console-real-use.md "No silent changes"), so the form refuses an end before its start with
 * a message instead.
 */
export function PopupDateTimePicker({
  id,
  selected,
  onChange,
  openTo,
  invalid,
  describedBy,
}: PopupDateTimePickerProps) {
  return (
    <DatePicker
      {...datePickerKoProps}
      id={id}
      showTimeSelect
      timeIntervals={30}
      timeFormat="aa h:mm"
      dateFormat={POPUP_DATE_TIME_FORMAT}
      placeholderText={messages.popupDatePlaceholder}
      selected={selected}
      onChange={(date: Date | null) => onChange(date)}
      openToDate={selected ?? openTo ?? undefined}
      ariaInvalid={invalid ? 'true' : undefined}
      ariaDescribedBy={describedBy}
      className="lk-date-input admin-form__input"
    />
  );
}
