import { describe, expect, it } from 'vitest';
import { z } from '../../shared/zod-nl';
import {
  afterBlur,
  afterChange,
  afterFocus,
  afterSubmit,
  type FormRules,
  firstError,
  initialFormState,
  isDirty,
  schemaCheck,
  withMessage,
} from './form-state';

const schema = z.object({
  name: z.string().trim().min(1, 'Naam is verplicht'),
  email: z.email('Voer een geldig e-mailadres in'),
  password: z.string().min(8, 'Minimaal 8 tekens'),
  confirm: z.string(),
});
const checked = schema.refine((v) => v.password === v.confirm, {
  path: ['confirm'],
  message: 'Wachtwoorden komen niet overeen',
});
type Values = z.input<typeof schema>;
type Field = keyof Values;
const FIELDS = ['name', 'email', 'password', 'confirm'] as const satisfies readonly Field[];
const empty: Values = { name: '', email: '', password: '', confirm: '' };
const valid: Values = { name: 'Eva', email: 'eva@voorbeeld.nl', password: 'Geheim123', confirm: 'Geheim123' };

const rulesWith = (
  extra: Partial<FormRules<Values, Field, unknown>> = {},
): FormRules<Values, Field, unknown> => ({
  fields: FIELDS,
  check: schemaCheck(checked, { fields: FIELDS }),
  ...extra,
});

/** A state showing `errors`, as after a submit or a server answer. */
const showing = (values: Values, errors: Partial<Record<Field, string>>, submitted = false) => ({
  ...initialFormState<Values, Field>(values),
  errors,
  submitted,
});

const type = (
  state: ReturnType<typeof showing>,
  rules: FormRules<Values, Field, unknown>,
  field: Field,
  value: string,
) => afterChange(state, rules, { ...state.values, [field]: value }, [field]);

describe('schemaCheck', () => {
  it('answers the parsed data, or the first message per field of the form', () => {
    expect(schemaCheck(checked)(valid)).toEqual({ ok: true, data: valid });
    const result = schemaCheck(checked, { fields: ['email', 'confirm'] as Field[] })({
      ...valid,
      name: '',
      email: 'x',
      confirm: 'anders',
    });
    expect(result).toEqual({
      ok: false,
      errors: { email: 'Voer een geldig e-mailadres in', confirm: 'Wachtwoorden komen niet overeen' },
    });
  });

  it('checks what `input` makes of the values', () => {
    const check = schemaCheck(z.object({ n: z.number() }), {
      input: (v: { n: string }) => ({ n: Number(v.n) }),
    });
    expect(check({ n: '3' })).toEqual({ ok: true, data: { n: 3 } });
  });
});

describe('typing', () => {
  it("'recheck' (the default) checks a field again only while it shows a message", () => {
    const rules = rulesWith();
    const quiet = type(initialFormState(empty), rules, 'email', 'x');
    expect(quiet.errors).toEqual({});
    expect(quiet.touched).toBe(true);
    const wrong = showing({ ...empty, email: 'x' }, { email: 'Voer een geldig e-mailadres in' });
    expect(type(wrong, rules, 'email', 'x@').errors).toEqual({ email: 'Voer een geldig e-mailadres in' });
    expect(type(wrong, rules, 'email', 'eva@voorbeeld.nl').errors).toEqual({});
  });

  it("'check' speaks on every keystroke", () => {
    const rules = rulesWith({ rule: { change: 'check' } });
    expect(type(initialFormState(empty), rules, 'email', 'x').errors).toEqual({
      email: 'Voer een geldig e-mailadres in',
    });
  });

  it("'clear' removes the message whatever is typed; 'keep' leaves it", () => {
    const wrong = showing(empty, { name: 'Naam is verplicht' });
    expect(type(wrong, rulesWith({ rule: { change: 'clear' } }), 'name', '').errors).toEqual({});
    expect(type(wrong, rulesWith({ rule: { change: 'keep' } }), 'name', 'Eva').errors).toEqual({
      name: 'Naam is verplicht',
    });
  });

  it("'afterSubmit' clears a message before the first submit and checks every change after it", () => {
    const rules = rulesWith({ rule: { change: 'afterSubmit' } });
    // Before a submit only the server can have spoken; editing the field takes its message away.
    expect(type(showing(valid, { email: 'Bestaat al' }), rules, 'email', 'x').errors).toEqual({});
    expect(type(initialFormState(valid), rules, 'email', 'x').errors).toEqual({});
    const submitted = showing(valid, {}, true);
    expect(type(submitted, rules, 'email', 'x').errors).toEqual({ email: 'Voer een geldig e-mailadres in' });
    expect(
      type(showing(valid, { email: 'Voer een geldig e-mailadres in' }, true), rules, 'email', 'a@b.nl')
        .errors,
    ).toEqual({});
  });

  it('checks the fields named in `also` by their own rule, and never clears them', () => {
    const rules = rulesWith({ rules: { password: { also: ['confirm'] } } });
    const mismatch = showing(
      { ...valid, confirm: 'Geheim12' },
      { confirm: 'Wachtwoorden komen niet overeen' },
    );
    expect(type(mismatch, rules, 'password', 'Geheim12').errors).toEqual({});
    // A confirmation without a message stays quiet under 'recheck'…
    expect(type(initialFormState(valid), rules, 'password', 'Anders123').errors).toEqual({});
    // …and speaks under 'afterSubmit' once submitted.
    const afterSubmitRules = rulesWith({
      rule: { change: 'afterSubmit' },
      rules: { password: { change: 'afterSubmit', also: ['confirm'] } },
    });
    expect(type(showing(valid, {}, true), afterSubmitRules, 'password', 'Anders123').errors).toEqual({
      confirm: 'Wachtwoorden komen niet overeen',
    });
    // A linked field is never cleared for the change of another.
    const clearing = rulesWith({ rule: { change: 'clear' }, rules: { password: { also: ['confirm'] } } });
    expect(type(showing(valid, { confirm: 'Van de server' }), clearing, 'password', 'x').errors).toEqual({
      confirm: 'Van de server',
    });
  });

  it('uses `checkField` for one field when the form has its own per-field rule', () => {
    const rules = rulesWith({
      rule: { change: 'check' },
      checkField: (f, v) => (f === 'name' && v.name.length < 3 ? 'Te kort' : undefined),
    });
    expect(type(initialFormState(empty), rules, 'name', 'Ev').errors).toEqual({ name: 'Te kort' });
  });

  it('applies no rule to what is not one of the fields', () => {
    const rules = rulesWith({ fields: ['name'], rule: { change: 'check' } });
    expect(type(initialFormState(empty), rules, 'email', 'x').errors).toEqual({});
  });
});

describe('leaving and entering a field', () => {
  it("'check' checks on leaving; 'filled' only a field that holds something", () => {
    const rules = rulesWith({ rules: { name: { blur: 'check' }, email: { blur: 'filled' } } });
    expect(afterBlur(initialFormState(empty), rules, 'name').errors).toEqual({ name: 'Naam is verplicht' });
    expect(afterBlur(initialFormState(empty), rules, 'email').errors).toEqual({});
    expect(afterBlur(initialFormState({ ...empty, email: 'x' }), rules, 'email').errors).toEqual({
      email: 'Voer een geldig e-mailadres in',
    });
    expect(afterBlur(initialFormState(empty), rules, 'password').errors).toEqual({});
  });

  it("'changed' says nothing when tabbing through an untouched field, and does once it was changed", () => {
    const rules = rulesWith({ rule: { blur: 'changed' } });
    const start = initialFormState<Values, Field>(empty);
    expect(afterBlur(start, rules, 'email')).toBe(start);
    const typed = type(start, rules, 'email', 'x');
    expect(afterBlur(typed, rules, 'email').errors).toEqual({ email: 'Voer een geldig e-mailadres in' });
    // Back to the start value while showing a message: checked again.
    expect(afterBlur(showing(empty, { email: 'oud' }), rules, 'email').errors).toEqual({
      email: 'Voer een geldig e-mailadres in',
    });
  });

  it("focus 'clear' removes the field's message on entering it", () => {
    const rules = rulesWith({ rules: { name: { focus: 'clear' } } });
    expect(afterFocus(showing(empty, { name: 'x', email: 'y' }), rules, 'name').errors).toEqual({
      email: 'y',
    });
    const other = showing(empty, { email: 'y' });
    expect(afterFocus(other, rules, 'email')).toBe(other);
  });
});

describe('submit', () => {
  it('shows every message of the whole check and remembers the submit', () => {
    const { state, result } = afterSubmit(initialFormState<Values, Field>(empty), rulesWith());
    expect(result.ok).toBe(false);
    expect(state.submitted).toBe(true);
    expect(state.errors).toEqual({
      name: 'Naam is verplicht',
      email: 'Voer een geldig e-mailadres in',
      password: 'Minimaal 8 tekens',
    });
  });

  it('clears the messages when the form passes, and takes the values it was given', () => {
    const { state, result } = afterSubmit(showing(empty, { email: 'Bestaat al' }), rulesWith(), valid);
    expect(result).toEqual({ ok: true, data: valid });
    expect(state.errors).toEqual({});
    expect(state.values).toEqual(valid);
  });

  it('finds the first wrong field in screen order, also when the fields follow the values', () => {
    const rules = rulesWith();
    expect(firstError(rules, empty, { password: 'a', email: 'b' })).toBe('email');
    expect(firstError(rules, empty, {})).toBeUndefined();
    const lines = {
      fields: (v: { n: number }) => Array.from({ length: v.n }, (_, i) => `items.${i}`),
      check: () => ({ ok: true as const, data: null }),
    };
    expect(firstError(lines, { n: 3 }, { 'items.2': 'x', 'items.1': 'y', 'items.7': 'z' })).toBe('items.1');
  });
});

describe('messages and dirtiness', () => {
  it('withMessage sets or removes one message and keeps the object when nothing changes', () => {
    const errors = { name: 'x' };
    expect(withMessage(errors, 'name', 'x')).toBe(errors);
    expect(withMessage<string>(errors, 'email', undefined)).toBe(errors);
    expect(withMessage(errors, 'name', undefined)).toEqual({});
    expect(withMessage<string>(errors, 'email', 'y')).toEqual({ name: 'x', email: 'y' });
  });

  it('a form is dirty when a value differs from the start, or as `same` says', () => {
    const start = initialFormState<Values, Field>(valid);
    expect(isDirty(start)).toBe(false);
    expect(isDirty({ ...start, values: { ...valid } })).toBe(false);
    expect(isDirty({ ...start, values: { ...valid, name: 'Jan' } })).toBe(true);
    expect(isDirty({ ...start, values: { ...valid, name: 'Jan' } }, (a, b) => a.email === b.email)).toBe(
      false,
    );
  });
});
