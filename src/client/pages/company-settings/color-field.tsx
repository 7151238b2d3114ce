import { TextField } from '../../components';
import { hexFromPicker, pickerValue } from './pdf-settings-form';

/**
 * A colour as a picker and a hex text field that follow each other: the picker writes the text, a
 * valid text moves the picker; while the text is no colour code the picker keeps `fallback`.
 */
export function ColorField({
  id,
  label,
  value,
  fallback,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange: (hex: string) => void;
  onBlur: () => void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      maxLength={20}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder="#RRGGBB"
      className="pdf-color__hex"
      fieldClassName="pdf-color"
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      trailing={
        <input
          type="color"
          className="pdf-color__picker"
          aria-label={`${label} kiezen`}
          value={pickerValue(value, fallback)}
          onChange={(event) => onChange(hexFromPicker(event.target.value))}
        />
      }
    />
  );
}
