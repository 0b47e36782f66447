import '@mantine/dates/styles.css';
import './DateFields.css';
import { DateInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import type { CalendarAriaLabels, DateInputProps, DateTimePickerProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { dayjsLocaleOf } from './datesLocale.ts';
import { displayDate, displayDateTime } from './displayDate.ts';
import { parseTypedDate } from './parseTypedDate.ts';

/**
 * The console's date pickers (platform §9: 24-hour, week numbers, ISO output), in place of the browser's
 * native inputs, which wrote mm/dd/yyyy even in Japanese. Both show their value in the one display format
 * (displayDate) and hand back ISO text: DateField 'YYYY-MM-DD' ('' when cleared), DateTimeField the local
 * 'YYYY-MM-DDTHH:mm' its form sends as an instant with Z. Weeks start on Monday so the week numbers are ISO weeks. Screens load these with their own code, so
 * the pickers stay out of the sign-in page's bundle.
 */
function LocalDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: dayjsLocaleOf(i18n.language), firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}

/** Names for the calendar's arrows, which show only an icon (a button needs a name; axe's button-name). */
function useCalendarLabels(): CalendarAriaLabels {
  const { t } = useTranslation();
  return {
    nextMonth: t('datePicker.nextMonth'),
    previousMonth: t('datePicker.previousMonth'),
    nextYear: t('datePicker.nextYear'),
    previousYear: t('datePicker.previousYear'),
    nextDecade: t('datePicker.nextDecade'),
    previousDecade: t('datePicker.previousDecade'),
  };
}

type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'min' | 'max'
> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** Earliest and latest dates that may be picked, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  'data-testid'?: string;
};

/**
 * A calendar date: typed (as ISO, 2026-11-24, or as shown) or picked from the calendar. The input carries the
 * ISO value in `data-value`.
 */
export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  const ariaLabels = useCalendarLabels();
  const iso = value ? value.slice(0, 10) : '';
  return (
    <LocalDates>
      <DateInput
        {...props}
        value={iso || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
        minDate={min || undefined}
        maxDate={max || undefined}
        withWeekNumbers
        ariaLabels={ariaLabels}
        valueFormat={(date) => displayDate(date, i18n.language)}
        dateParser={parseTypedDate}
        data-value={iso}
        popoverProps={{ withinPortal: true, ...props.popoverProps }}
      />
    </LocalDates>
  );
}

type DateTimeFieldProps = Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** A wall-clock time in the browser's zone, as a datetime-local input wrote it ('2026-03-01T09:30'), or ''. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/**
 * A moment picked in the browser's time zone, 24-hour. Its value is the wall-clock form the forms already
 * keep; they send it as the instant it names (instantFromLocalInput, with Z).
 */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const ariaLabels = useCalendarLabels();
  const local = value ? value.slice(0, 16) : '';
  return (
    <LocalDates>
      <DateTimePicker
        {...props}
        value={local ? `${local.replace('T', ' ')}:00` : null}
        onChange={(next) => onChange(next ? String(next).slice(0, 16).replace(' ', 'T') : '')}
        withWeekNumbers
        ariaLabels={ariaLabels}
        // The wall-clock time is written as it is (read as UTC, shown in UTC), so no zone's clock change moves it.
        valueFormat={(date) =>
          displayDateTime(`${String(date).slice(0, 16).replace(' ', 'T')}:00Z`, i18n.language, 'UTC')
        }
        data-value={local}
        popoverProps={{ withinPortal: true, ...props.popoverProps }}
      />
    </LocalDates>
  );
}
