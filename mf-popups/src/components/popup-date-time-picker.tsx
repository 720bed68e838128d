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
  /** Earliest selectable moment (the end picker gets the start): earlier days and, on that day, earlier times are off. */
  min?: Date | null;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A Korean date and 12-hour time picker (`yyyy년 MM월 dd일 aa h:mm`, 오전/오후) on Seoul wall times. */
export function PopupDateTimePicker({ id, selected, onChange, min }: PopupDateTimePickerProps) {
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
      minDate={min ?? undefined}
      openToDate={selected ?? min ?? undefined}
      // On the minimum's day only its later times can be chosen (react-datepicker's filterTime gets that day's times).
      filterTime={min ? (time: Date) => !sameDay(time, min) || time >= min : undefined}
      className="lk-date-input admin-form__input"
    />
  );
}
