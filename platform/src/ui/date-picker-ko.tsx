import type { HTMLAttributes, ReactNode } from 'react';
import { ko } from '../messages/ko';
import './date-picker.css';

type ContainerProps = HTMLAttributes<HTMLDivElement> & { children?: ReactNode; showTime?: boolean; inline?: boolean };

/**
 * react-datepicker's popup, labelled in Korean (its own container says `Choose Date`). Pass as `calendarContainer`.
 * Plain React: the platform does not depend on react-datepicker; mf-plans and mf-popups do.
 */
export function KoreanCalendarContainer({ className, children, showTime, inline }: ContainerProps) {
  return (
    <div
      className={className}
      role={inline ? undefined : 'dialog'}
      aria-modal={inline ? undefined : true}
      aria-label={showTime ? ko.pickerDialogWithTime : ko.pickerDialog}
      translate="no"
    >
      {children}
    </div>
  );
}

/** react-datepicker props that replace its English labels (spread them onto `<DatePicker>`). */
export const datePickerKoProps = {
  locale: 'ko',
  // The month header in Korean order (the ko locale alone gives `5월 2030`).
  dateFormatCalendar: 'yyyy년 M월',
  calendarContainer: KoreanCalendarContainer,
  previousMonthAriaLabel: ko.pickerPreviousMonth,
  previousMonthButtonLabel: ko.pickerPreviousMonth,
  nextMonthAriaLabel: ko.pickerNextMonth,
  nextMonthButtonLabel: ko.pickerNextMonth,
  chooseDayAriaLabelPrefix: ko.pickerChooseDay,
  disabledDayAriaLabelPrefix: ko.pickerDayUnavailable,
  // The month grid's label (react-datepicker's own prefix is `Month `): `달력 11월, 2026`
  // (docs/decisions/0054-korean-everywhere.md).
  monthAriaLabelPrefix: ko.pickerMonth,
  timeCaption: ko.pickerTime,
  autoComplete: 'off',
} as const;
