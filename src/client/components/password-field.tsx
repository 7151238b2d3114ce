import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useFieldIds } from './field';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Start with the password visible. */
  defaultVisible?: boolean;
};

/** A TextField for passwords with a show/hide button inside it. */
export function PasswordField({ id, defaultVisible = false, autoComplete, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible);
  const ids = useFieldIds(id);
  const label = visible ? 'Wachtwoord verbergen' : 'Wachtwoord tonen';
  return (
    <TextField
      {...props}
      id={ids.id}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete ?? 'current-password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="ui-control__button"
          aria-label={label}
          title={label}
          aria-controls={ids.id}
          onClick={() => setVisible((v) => !v)}
          disabled={props.disabled}
        >
          {visible ? <EyeOff size={17} aria-hidden="true" /> : <Eye size={17} aria-hidden="true" />}
        </button>
      }
    />
  );
}
