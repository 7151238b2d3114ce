/**
 * A form's state and what happens to it, as plain functions (no React; `use-form.ts` runs them):
 * typing, leaving a field, a submit, and a refusal by the server. The rules of when a field speaks
 * are the form's own (per field): the auth forms say nothing until the first submit, the customer
 * and settings forms speak when a field is left, the template editor on every keystroke.
 */
import { type FieldErrors, fieldErrors, pickFieldErrors } from '../../shared/field-errors';
import type { z } from '../../shared/zod-nl';

export type { FieldErrors };

/** The whole form checked: the data to send, or the first message per field. */
export type FormCheck<F extends string, Out> =
  | { ok: true; data: Out }
  | { ok: false; errors: FieldErrors<F> };

/**
 * What typing in a field does to its message:
 * - `check`: checks it on every change (a message may appear while typing);
 * - `recheck`: checks it again while it shows a message, so the message goes as soon as it is right;
 * - `clear`: removes the message (the field is checked again on submit);
 * - `afterSubmit`: `clear` until the form was submitted once, `check` from then on;
 * - `keep`: leaves it as it is.
 */
export type ChangeRule = 'check' | 'recheck' | 'clear' | 'afterSubmit' | 'keep';

/**
 * What leaving a field does: `check` checks it; `changed` only when its value differs from the
 * start (tabbing through an empty form says nothing) or it shows a message; `filled` only when it
 * holds something.
 */
export type BlurRule = 'check' | 'changed' | 'filled';

export type FieldRule<F extends string> = {
  /** Default `recheck`. */
  change?: ChangeRule;
  /** Default: leaving the field does nothing. */
  blur?: BlurRule;
  /** `clear`: entering the field removes its message (spec §5: the phone). */
  focus?: 'clear';
  /** Fields to check again when this one changes, each by its own change rule (the confirmation after the password). */
  also?: readonly F[];
};

export type FormRules<V, F extends string, Out> = {
  /**
   * The fields that show a message, in screen order (the cursor goes to the first wrong one); a
   * function when they follow the values (an order's lines).
   */
  fields: readonly F[] | ((values: V) => readonly F[]);
  /** The whole form, usually the shared zod schema the server also runs (`schemaCheck`). */
  check: (values: V) => FormCheck<F, Out>;
  /** One field's message; by default the whole check's message for it. */
  checkField?: (field: F, values: V) => string | undefined;
  /** The rule of every field without one of its own in `rules`. */
  rule?: FieldRule<F>;
  /** Rules of single fields, each in place of `rule` (not merged with it). */
  rules?: { readonly [K in F]?: FieldRule<F> };
};

export type FormState<V, F extends string> = {
  values: V;
  /** What the form started with (or was last reset to): `changed` blurs and `dirty` compare with it. */
  initial: V;
  errors: FieldErrors<F>;
  /** A submit was tried. */
  submitted: boolean;
  /** The user changed something since the start or the last reset. */
  touched: boolean;
};

export function initialFormState<V, F extends string>(
  values: V,
  errors: FieldErrors<F> = {},
): FormState<V, F> {
  return { values, initial: values, errors, submitted: false, touched: false };
}

/**
 * A zod schema as a form's check: its output as `data`, else the first message per field, only of
 * `fields` when given (a form cannot show the others). `input` turns the values into what the schema
 * takes, when they differ.
 */
export function schemaCheck<S extends z.ZodType, V = z.input<S>, F extends string = string>(
  schema: S,
  options: { fields?: readonly F[]; input?: (values: V) => unknown } = {},
): (values: V) => FormCheck<F, z.output<S>> {
  return (values) => {
    const result = schema.safeParse(options.input ? options.input(values) : values);
    if (result.success) return { ok: true, data: result.data };
    const all = fieldErrors(result.error);
    return {
      ok: false,
      errors: options.fields ? pickFieldErrors(all, options.fields) : (all as FieldErrors<F>),
    };
  };
}

export const fieldsOf = <V, F extends string>(rules: FormRules<V, F, unknown>, values: V): readonly F[] =>
  typeof rules.fields === 'function' ? rules.fields(values) : rules.fields;

/** A field's rule: its own in `rules`, else the form's `rule` (not merged). */
export const ruleOf = <V, F extends string>(rules: FormRules<V, F, unknown>, field: F): FieldRule<F> =>
  rules.rules?.[field] ?? rules.rule ?? {};

export function messageFor<V, F extends string>(
  rules: FormRules<V, F, unknown>,
  field: F,
  values: V,
): string | undefined {
  if (rules.checkField) return rules.checkField(field, values);
  const result = rules.check(values);
  return result.ok ? undefined : result.errors[field];
}

/** `errors` with the field's message set (or removed when there is none). */
export function withMessage<F extends string>(
  errors: FieldErrors<F>,
  field: F,
  message: string | undefined,
): FieldErrors<F> {
  if (errors[field] === message || (!message && !Object.hasOwn(errors, field))) return errors;
  const next = { ...errors };
  if (message) next[field] = message;
  else delete next[field];
  return next;
}

/** Messages without empty entries: what a form shows, and what `hasErrors` counts. */
export function compactErrors<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(errors) as [F, string | undefined][]) {
    if (message) out[field] = message;
  }
  return out;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/**
 * New values after the user changed `changed`: each changed field by its change rule, then the fields
 * they name in `also` (checked again, never cleared, by their own rule).
 */
export function afterChange<V, F extends string>(
  state: FormState<V, F>,
  rules: FormRules<V, F, unknown>,
  values: V,
  changed: readonly F[],
): FormState<V, F> {
  const known = fieldsOf(rules, values);
  const own = changed.filter((f) => known.includes(f));
  const linked = own
    .flatMap((f) => ruleOf(rules, f).also ?? [])
    .filter((f, i, all) => !own.includes(f) && all.indexOf(f) === i && known.includes(f));
  let errors = state.errors;
  const apply = (field: F, isOwn: boolean) => {
    const rule = ruleOf(rules, field).change ?? 'recheck';
    const check =
      rule === 'check' ||
      (rule === 'recheck' && Boolean(errors[field])) ||
      (rule === 'afterSubmit' && state.submitted);
    if (check) errors = withMessage(errors, field, messageFor(rules, field, values));
    else if (isOwn && (rule === 'clear' || rule === 'afterSubmit'))
      errors = withMessage(errors, field, undefined);
  };
  for (const field of own) apply(field, true);
  for (const field of linked) apply(field, false);
  return { ...state, values, errors, touched: true };
}

const fieldValue = <V>(values: V, field: string): unknown => (values as Record<string, unknown>)[field];

/** The user left `field`. */
export function afterBlur<V, F extends string>(
  state: FormState<V, F>,
  rules: FormRules<V, F, unknown>,
  field: F,
): FormState<V, F> {
  const rule = ruleOf(rules, field).blur;
  if (!rule) return state;
  const value = fieldValue(state.values, field);
  if (rule === 'filled' && (value === '' || value === undefined)) return state;
  if (rule === 'changed' && Object.is(value, fieldValue(state.initial, field)) && !state.errors[field])
    return state;
  const errors = withMessage(state.errors, field, messageFor(rules, field, state.values));
  return errors === state.errors ? state : { ...state, errors };
}

/** The user entered `field`. */
export function afterFocus<V, F extends string>(
  state: FormState<V, F>,
  rules: FormRules<V, F, unknown>,
  field: F,
): FormState<V, F> {
  if (ruleOf(rules, field).focus !== 'clear') return state;
  const errors = withMessage(state.errors, field, undefined);
  return errors === state.errors ? state : { ...state, errors };
}

/**
 * A submit: the whole form checked. A refusal shows every message; a form that passes shows none (a
 * message the server gave for the last attempt is answered again by the next one).
 */
export function afterSubmit<V, F extends string, Out>(
  state: FormState<V, F>,
  rules: FormRules<V, F, Out>,
  values: V = state.values,
): { state: FormState<V, F>; result: FormCheck<F, Out> } {
  const result = rules.check(values);
  const errors = result.ok ? {} : compactErrors(result.errors);
  return { state: { ...state, values, errors, submitted: true }, result };
}

/** The first field that shows a message, in screen order. */
export function firstError<V, F extends string>(
  rules: FormRules<V, F, unknown>,
  values: V,
  errors: FieldErrors<F>,
): F | undefined {
  return fieldsOf(rules, values).find((f) => Boolean(errors[f]));
}

/** Values that differ from the start, key by key (`same` compares otherwise, e.g. without ids). */
export function isDirty<V>(state: FormState<V, string>, same?: (a: V, b: V) => boolean): boolean {
  if (same) return !same(state.values, state.initial);
  const a = state.values as Record<string, unknown>;
  const b = state.initial as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].some((k) => !Object.is(a[k], b[k]));
}
