import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from './settings-form';
import { settingsFieldId } from './settings-form';

export type SettingsFormConfig<F extends string, V extends Record<F, string>> = {
  /** The values from the saved profile; the form follows them while the user has not typed. */
  initial: V;
  /** Field order, for focusing the first error. */
  fields: readonly F[];
  mask: (field: F, raw: string) => string;
  /** One field's message, or undefined when it is fine. */
  check: (field: F, values: V) => string | undefined;
  /** Fields whose message is cleared on focus (spec §5: the phone). */
  clearOnFocus?: readonly F[];
  /** Fields re-checked together with another (the confirmation when the password changes). */
  linked?: Partial<Record<F, F>>;
};

/**
 * Values, field errors and the input props of one settings form. A field speaks on blur and on
 * submit; once it has spoken it re-checks while typing, so its message goes as soon as it is right.
 */
export function useSettingsForm<F extends string, V extends Record<F, string>>(
  config: SettingsFormConfig<F, V>,
) {
  const { initial, fields, mask, check, clearOnFocus = [] } = config;
  const linked: Partial<Record<F, F>> = config.linked ?? {};
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const dirty = useRef(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  // A fresher profile (refetch, or another tab's save) replaces untouched values.
  useEffect(() => {
    if (!dirty.current) setValues(initial);
  }, [initial]);

  const setError = useCallback((field: F, message: string | undefined) => {
    setErrors((prev) => {
      if (prev[field] === message) return prev;
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }, []);

  /** Shows all errors and puts the cursor in the first one. */
  const revealErrors = useCallback(
    (next: FieldErrors<F>) => {
      setErrors(next);
      const first = fields.find((f) => next[f]);
      if (first) window.setTimeout(() => document.getElementById(settingsFieldId(first))?.focus(), 0);
    },
    [fields],
  );

  /** After a save: the stored values, nothing typed, no messages. */
  const reset = useCallback((next: V) => {
    dirty.current = false;
    setValues(next);
    setErrors({});
  }, []);

  const fieldProps = (field: F) => ({
    id: settingsFieldId(field),
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      dirty.current = true;
      const value = mask(field, event.target.value);
      const next = { ...valuesRef.current, [field]: value } as V;
      valuesRef.current = next;
      setValues(next);
      if (errors[field] && !clearOnFocus.includes(field)) setError(field, check(field, next));
      const other = linked[field];
      if (other && errors[other]) setError(other, check(other, next));
    },
    onBlur: () => setError(field, check(field, valuesRef.current)),
    onFocus: clearOnFocus.includes(field) ? () => setError(field, undefined) : undefined,
  });

  return { values, setValues, errors, setErrors, setError, revealErrors, reset, fieldProps };
}
