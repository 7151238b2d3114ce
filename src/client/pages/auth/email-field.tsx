import { useRef, useState } from 'react';
import { suggestEmail } from '../../../shared/email-typo';
import { TextField, type TextFieldProps } from '../../components';

export type EmailFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'label' | 'hint'> & {
  value: string;
  onValueChange: (value: string) => void;
  label?: string;
};

/**
 * The e-mail input of the auth forms, with the typo suggestion of spec §5 under it:
 * 'Bedoelde u: {suggestion}?' and a 'Toepassen' button. The suggestion appears once the user has
 * left the field (not while the domain is still being typed), or at once for a prefilled address,
 * and then follows the value live.
 */
export function EmailField({
  value,
  onValueChange,
  label = 'E-mailadres',
  onBlur,
  ...rest
}: EmailFieldProps) {
  // A prefilled address (not being typed right now) may show its suggestion at once.
  const [left, setLeft] = useState(() => value.length > 0);
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestion = left ? suggestEmail(value) : null;
  return (
    <TextField
      {...rest}
      ref={inputRef}
      label={label}
      type="email"
      inputMode="email"
      autoComplete={rest.autoComplete ?? 'email'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      hint={
        suggestion ? (
          <span className="auth-suggestion">
            <span>
              Bedoelde u: <strong className="auth-suggestion__value">{suggestion}</strong>?
            </span>
            <button
              type="button"
              className="link auth-suggestion__apply"
              onClick={() => {
                onValueChange(suggestion);
                inputRef.current?.focus();
              }}
            >
              Toepassen
            </button>
          </span>
        ) : undefined
      }
    />
  );
}
