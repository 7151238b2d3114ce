import { PasswordField, PasswordStrengthMeter, TextField } from '../../components';

/** The name a new account is known by, as registering asks it (spec §2 Register). */
export function FullNameField({
  id,
  value,
  onValueChange,
  error,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      name="name"
      label="Volledige naam"
      required
      autoComplete="name"
      autoFocus
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
    />
  );
}

/** A password being chosen, with the meter that says how strong it is under it. */
export function NewPasswordField({
  id,
  label = 'Wachtwoord',
  value,
  onValueChange,
  error,
  autoFocus,
}: {
  id: string;
  label?: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const strengthId = `${id}-strength`;
  return (
    <div className="auth-form__group">
      <PasswordField
        id={id}
        name="password"
        label={label}
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        error={error}
        aria-describedby={strengthId}
      />
      <PasswordStrengthMeter password={value} id={strengthId} />
    </div>
  );
}
