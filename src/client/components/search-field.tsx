import { Search, X } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';
import './search-field.css';
import { TextField, type TextFieldProps } from './text-field';

export type SearchFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'leading' | 'trailing' | 'ref'
> & {
  value: string;
  onValueChange: (value: string) => void;
  /** A result for the current text is loading: shown in place of the clear button. */
  busy?: boolean;
  /** For callers that move focus into the field themselves. */
  inputRef?: RefObject<HTMLInputElement | null>;
};

/**
 * A search box: a magnifier, a clear button that keeps focus in the field, Escape to clear, and a
 * spinner while the results for the typed text load.
 */
export function SearchField({
  value,
  onValueChange,
  busy = false,
  onKeyDown,
  fieldClassName,
  inputRef: givenRef,
  ...rest
}: SearchFieldProps) {
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = givenRef ?? ownRef;
  return (
    <TextField
      {...rest}
      ref={inputRef}
      fieldClassName={cx('ui-search', fieldClassName)}
      type="search"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          onValueChange('');
        }
        onKeyDown?.(event);
      }}
      leading={<Search />}
      trailing={
        busy ? (
          <Spinner size={16} label="Zoeken..." className="ui-search__spinner" />
        ) : value ? (
          <button
            type="button"
            className="ui-control__button"
            aria-label="Zoekopdracht wissen"
            onClick={() => {
              onValueChange('');
              inputRef.current?.focus();
            }}
          >
            <X size={16} aria-hidden="true" />
          </button>
        ) : null
      }
      autoComplete="off"
      spellCheck={false}
      enterKeyHint="search"
    />
  );
}
