import { CalendarDays } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDate, isValidDay } from '../../../shared/dates';
import { parseDutchDay, readDutchDay } from '../../../shared/rules/date-input';
import { TextField } from '../text-field';
import { maskDutchDate } from './date-field-mask';
import './date-field.css';

export type DateFieldProps = {
  id: string;
  label: string;
  /** 'YYYY-MM-DD' once a day is typed, else the text as typed ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  /** Shown when the field is left with a text that is no date ('morgen'); a date that cannot exist
   * ('31-02-2026') gets its own message, saying which days that month has. */
  invalidMessage: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
};

const display = (value: string) => (isValidDay(value) ? formatDate(value) : value);

/**
 * A date as the Dutch write it, dd-mm-jjjj, whatever the browser's language: a text field with a
 * mask that also reads '5-10-2026', '05/10/2026', '5 okt 2026' and a pasted '2026-10-05', plus a calendar button that opens the browser's own date picker (a native date
 * input hidden behind the button, whose own display format never shows). The value handed out stays
 * 'YYYY-MM-DD'; a text that is not a day is handed out as typed, so the form's check refuses it.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  invalidMessage,
  error,
  hint,
  disabled,
}: DateFieldProps) {
  const [text, setText] = useState(() => display(value));
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (the calendar, a reset) is shown in Dutch; the text being typed is kept.
  useEffect(() => {
    setText((current) => ((parseDutchDay(current) ?? current) === value ? current : display(value)));
  }, [value]);

  const typed = (next: string) => {
    setText(next);
    setLeft(false);
    onChange(parseDutchDay(next) ?? next);
  };

  const reading = readDutchDay(text);
  const problem =
    text.trim() === '' || reading.ok
      ? undefined
      : reading.reason === 'impossible'
        ? reading.message
        : invalidMessage;
  // The form's check knows only that the value is no day; the field knows why ('31-02-2026').
  const shownError = error !== undefined ? (problem ?? error) : left ? problem : undefined;

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // Without showPicker (older browsers) the hidden input still takes a click.
      input.click();
    }
  };

  return (
    <TextField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd-mm-jjjj"
      value={text}
      disabled={disabled}
      error={shownError}
      hint={hint}
      onChange={(event) => typed(maskDutchDate(event.target.value, text))}
      onBlur={() => {
        setLeft(true);
        const day = parseDutchDay(text);
        if (day && formatDate(day) !== text) setText(formatDate(day));
      }}
      trailing={
        <span className="date-field__calendar">
          <button
            type="button"
            className="ui-control__button"
            aria-label={`${label}: kies in de kalender`}
            title="Kies in de kalender"
            disabled={disabled}
            onClick={openPicker}
          >
            <CalendarDays size={16} aria-hidden="true" />
          </button>
          <input
            ref={picker}
            type="date"
            className="date-field__native"
            tabIndex={-1}
            aria-hidden="true"
            value={isValidDay(value) ? value : ''}
            disabled={disabled}
            onChange={(event) => {
              if (!isValidDay(event.target.value)) return;
              setLeft(false);
              setText(formatDate(event.target.value));
              onChange(event.target.value);
            }}
          />
        </span>
      }
    />
  );
}
