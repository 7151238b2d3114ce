import { type FormEvent, useCallback, useRef, useState } from 'react';
import { fieldErrors } from '../../../shared/field-errors';
import type { z } from '../../../shared/zod-nl';

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/**
 * Validate form values with the shared zod schema the server also uses, and keep the first message
 * per field (the one shown under it). Issues without a path land on `_`.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: fieldErrors(result.error) };
}

/** Move focus to the first field that shows an error, after React has painted it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * Form values plus their errors. Nothing is flagged while the user first fills the form; after the
 * first submit every change re-validates, so a message disappears as soon as the field is right.
 * An error set from a server answer disappears when its field is edited.
 *
 * `ref` goes on the <form>: `validateSubmit` and `focusFirstInvalid` put the cursor in its first
 * field that shows an error.
 */
export function useSchemaForm<V extends Record<string, unknown>, S extends z.ZodType>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const setField = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      if (submitted) setErrors(validateForm(schema, next).errors);
      else if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
    },
    [values, submitted, errors, schema],
  );

  const validate = useCallback((): Validation<z.output<S>> => {
    setSubmitted(true);
    const result = validateForm(schema, values);
    setErrors(result.errors);
    return result;
  }, [schema, values]);

  const ref = useRef<HTMLFormElement>(null);
  const focusInvalid = useCallback(() => focusFirstInvalid(ref.current), []);

  /** On submit: no page load, every field checked, and on a mistake the cursor in the first one. */
  const validateSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>): Validation<z.output<S>> => {
      event.preventDefault();
      const result = validate();
      if (!result.ok) focusInvalid();
      return result;
    },
    [validate, focusInvalid],
  );

  return {
    values,
    setValues,
    setField,
    errors,
    setErrors,
    validate,
    ref,
    validateSubmit,
    focusFirstInvalid: focusInvalid,
  };
}
