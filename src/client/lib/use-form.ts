import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { pickFieldErrors } from '../../shared/field-errors';
import {
  afterBlur,
  afterChange,
  afterFocus,
  afterSubmit,
  type FieldErrors,
  type FormCheck,
  type FormRules,
  type FormState,
  fieldsOf,
  firstError,
  hasErrors,
  initialFormState,
  isDirty,
  ruleOf,
} from './form-state';

export type { FieldErrors, FormCheck } from './form-state';
export { schemaCheck } from './form-state';

export type FormConfig<V, F extends string, Out> = FormRules<V, F, Out> & {
  initial: V;
  /** Messages shown from the start (a prefilled value that is already wrong). */
  errors?: FieldErrors<F>;
  /** While the user has changed nothing, a new `initial` (a refetched profile) replaces the values. */
  follow?: boolean;
  /** The prefix of the field ids (`<id>-<field>`); by default one of the form's own. */
  id?: string;
  /** The element id of a field, when it is not `<id>-<field>` (undefined: that one). */
  fieldId?: (field: F, values: V) => string | undefined;
  /** Applied to what is typed in a text input before it is stored (spec §5's input masks); `values` as before the keystroke. */
  mask?: (field: F, raw: string, values: V) => string;
  /** How the first wrong field gets the cursor; `element` is null when that field has none. Default: focus(). */
  focus?: (element: HTMLElement | null, field: F | undefined) => void;
  /** When `dirty` compares the values otherwise than key by key. */
  same?: (a: V, b: V) => boolean;
};

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * One form's values and messages, typed by its fields. The form's rules (`FormRules`) say when a
 * field speaks; the shared check is the server's own schema, so the form refuses what the server
 * would. A refused submit, or a refusal by the server (`serverErrors`, from the answer's `details`),
 * shows the messages at their fields and puts the cursor in the first wrong one, once React has
 * drawn them.
 */
export function useForm<V, F extends string, Out>(config: FormConfig<V, F, Out>) {
  const generated = `form-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const id = config.id ?? generated;
  const [state, setState] = useState<FormState<V, F>>(() => initialFormState(config.initial, config.errors));
  // The state as last set, for handlers that run twice before React renders (a change, then a blur).
  const current = useRef(state);
  const rules = useRef(config);
  rules.current = config;
  const [focusRequest, setFocusRequest] = useState(0);

  const commit = useCallback((next: FormState<V, F>) => {
    if (next === current.current) return;
    current.current = next;
    setState(next);
  }, []);

  const { follow, initial } = config;
  useEffect(() => {
    const now = current.current;
    if (follow && !now.touched && now.initial !== initial) commit({ ...now, values: initial, initial });
  }, [follow, initial, commit]);

  const fieldId = useCallback(
    (field: F): string => rules.current.fieldId?.(field, current.current.values) ?? `${id}-${field}`,
    [id],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    const { values, errors } = current.current;
    const field = firstError(rules.current, values, errors);
    const element = field ? document.getElementById(fieldId(field)) : null;
    if (rules.current.focus) rules.current.focus(element, field);
    else element?.focus();
  }, [focusRequest, fieldId]);

  /** Shows `errors` (replacing the others) and, unless `focus` is false, puts the cursor in the first. */
  const showErrors = useCallback(
    (errors: FieldErrors<F>, options: { focus?: boolean } = {}) => {
      commit({ ...current.current, errors });
      if (options.focus !== false && hasErrors(errors)) setFocusRequest((n) => n + 1);
    },
    [commit],
  );

  /** A refused save's `details`: the form's own fields are shown (as `showErrors`); true when there were any. */
  const serverErrors = useCallback(
    (details: FieldErrors, options: { focus?: boolean } = {}): boolean => {
      const picked = pickFieldErrors(details, fieldsOf(rules.current, current.current.values));
      if (!hasErrors(picked)) return false;
      showErrors(picked, options);
      return true;
    },
    [showErrors],
  );

  /** Values changed by `update`; `changed` are the fields it touched (their rules run). */
  const update = useCallback(
    (next: (values: V) => V, changed: readonly F[]) => {
      const now = current.current;
      commit(afterChange(now, rules.current, next(now.values), changed));
    },
    [commit],
  );

  const setValue = useCallback(
    <K extends keyof V>(key: K, value: V[K]) =>
      update((values) => ({ ...values, [key]: value }), [key as unknown as F]),
    [update],
  );

  const handleBlur = useCallback(
    (field: F) => commit(afterBlur(current.current, rules.current, field)),
    [commit],
  );
  const handleFocus = useCallback(
    (field: F) => commit(afterFocus(current.current, rules.current, field)),
    [commit],
  );

  /**
   * Checks the whole form (`values` when given: they become the form's values); a refusal shows every
   * message and puts the cursor in the first wrong field.
   */
  const validate = useCallback(
    (values?: V): FormCheck<F, Out> => {
      const { state: next, result } = afterSubmit(current.current, rules.current, values);
      commit(next);
      if (!result.ok && hasErrors(next.errors)) setFocusRequest((n) => n + 1);
      return result;
    },
    [commit],
  );

  /** On submit: no page load, and `validate`. */
  const submit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      return validate();
    },
    [validate],
  );

  const setErrors = useCallback(
    (next: FieldErrors<F> | ((errors: FieldErrors<F>) => FieldErrors<F>)) => {
      const now = current.current;
      commit({ ...now, errors: typeof next === 'function' ? next(now.errors) : next });
    },
    [commit],
  );

  /** After a save: `values` (by default the start values) are the new start; no messages. */
  const reset = useCallback(
    (values?: V) => commit(initialFormState(values ?? current.current.initial)),
    [commit],
  );

  /** The props of a text input, select or textarea for a text field. */
  const inputProps = <K extends F & StringKeys<V>>(field: K) => ({
    id: fieldId(field),
    name: field,
    value: state.values[field] as string,
    error: state.errors[field],
    onChange: (event: { target: { value: string } }) => {
      const raw = event.target.value;
      const mask = rules.current.mask;
      setValue(field, (mask ? mask(field, raw, current.current.values) : raw) as V[K]);
    },
    onBlur: () => handleBlur(field),
    onFocus: ruleOf(config, field).focus ? () => handleFocus(field) : undefined,
  });

  const { same } = config;
  const dirty = useMemo(() => isDirty(state, same), [state, same]);

  return {
    /** The prefix of the field ids, also good as the <form>'s own id. */
    id,
    values: state.values,
    errors: state.errors,
    submitted: state.submitted,
    /** The values differ from the start (or the last reset): for a leave guard. */
    dirty,
    fieldId,
    setValue,
    update,
    handleBlur,
    handleFocus,
    inputProps,
    validate,
    submit,
    showErrors,
    serverErrors,
    setErrors,
    reset,
  };
}
