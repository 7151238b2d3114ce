import { describe, expect, it } from 'vitest';
import { fieldErrors, pickFieldErrors } from './field-errors';
import { z } from './zod-nl';

describe('fieldErrors', () => {
  const order = z.object({
    customer: z.string().min(1, 'Selecteer een klant'),
    lines: z
      .array(z.object({ description: z.string().min(1, 'Omschrijving is verplicht'), price: z.number() }))
      .min(1, 'Voeg minimaal één regel toe'),
  });

  it('names nested fields by their dot-joined path', () => {
    const result = order.safeParse({
      customer: '',
      lines: [
        { description: 'a', price: 1 },
        { description: '', price: 2 },
      ],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      customer: 'Selecteer een klant',
      'lines.1.description': 'Omschrijving is verplicht',
    });
  });

  it('keeps the first message of a field', () => {
    const password = z.object({ password: z.string().min(8, 'Te kort').regex(/\d/, 'Een cijfer ontbreekt') });
    const result = password.safeParse({ password: 'abc' });
    expect(fieldErrors(result.error!)).toEqual({ password: 'Te kort' });
  });

  it('puts an issue about the whole input on _ and takes a bare issue list too', () => {
    expect(
      fieldErrors([
        { path: [], message: 'Formulier klopt niet' },
        { path: ['constructor'], message: 'Een veld als elk ander' },
        { path: ['constructor'], message: 'tweede' },
      ]),
    ).toEqual({ _: 'Formulier klopt niet', constructor: 'Een veld als elk ander' });
  });
});

describe('pickFieldErrors', () => {
  it('keeps only the fields a form has, never an inherited property', () => {
    expect(pickFieldErrors({ email: 'Bezet' }, ['email', 'toString'])).toEqual({ email: 'Bezet' });
    expect(
      pickFieldErrors({ email: 'Bezet', _: 'x', 'items.0': 'y', toString: 'z' }, ['email', 'name']),
    ).toEqual({
      email: 'Bezet',
    });
  });
});
