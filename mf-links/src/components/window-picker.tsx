import DatePicker, { registerLocale } from 'react-datepicker';
import { ko as koLocale } from 'date-fns/locale/ko';
import { datePickerKoProps } from '@linksite/platform';
import { WINDOW_FORMAT } from '../lib/link-window';
import { messages } from '../lib/messages';
import 'react-datepicker/dist/react-datepicker.css';

registerLocale('ko', koLocale);

export interface WindowPickerProps {
  id: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  /** The end's picker starts from the start; earlier days are off. */
  min?: Date | null;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * One end of a link's window: a Korean date and 12-hour time picker (`yyyy년 MM월 dd일 aa h:mm`,
 * docs/decisions/0007-screen-completions.md) on Seoul wall times, clearable (an empty end is open).
 */
export function WindowPicker({ id, selected, onChange, min, invalid, describedBy }: WindowPickerProps) {
  return (
    <DatePicker
      {...datePickerKoProps}
      id={id}
      showTimeSelect
      timeIntervals={30}
      timeFormat="aa h:mm"
      dateFormat={WINDOW_FORMAT}
      placeholderText={messages.windowPlaceholder}
      selected={selected}
      onChange={(date: Date | null) => onChange(date)}
      minDate={min ?? undefined}
      openToDate={selected ?? min ?? undefined}
      isClearable
      clearButtonTitle={messages.windowClear}
      ariaInvalid={invalid ? 'true' : undefined}
      ariaDescribedBy={describedBy}
      className="lk-date-input admin-form__input"
    />
  );
}
