import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { z } from './zod-nl';

/**
 * zod's fallback messages, for fields without a message of their own, in words rather than
 * JavaScript's type names. Found by the fuzz test: a webhook without `url` answered
 * "Ongeldige invoer: verwacht string, ontving undefined".
 */
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return fieldErrors(result.error);
};

describe('zod messages in Dutch', () => {
  const schema = z.object({
    url: z.string().max(5),
    events: z.array(z.string()).min(1).max(2),
    count: z.number().int().min(1).max(10),
    price: z.number().positive(),
    name: z.string().min(1),
    code: z.string().length(3),
    active: z.boolean(),
  });

  it('a missing field is required, not "undefined"', () => {
    expect(errorsOf(schema, {})).toEqual({
      url: 'Dit veld is verplicht',
      events: 'Dit veld is verplicht',
      count: 'Dit veld is verplicht',
      price: 'Dit veld is verplicht',
      name: 'Dit veld is verplicht',
      code: 'Dit veld is verplicht',
      active: 'Dit veld is verplicht',
    });
  });

  it('a value of another type is named in words', () => {
    expect(
      errorsOf(schema, { url: 1, events: 'x', count: '3', price: null, name: [], code: true, active: 'ja' }),
    ).toEqual({
      url: 'Ongeldige invoer: verwacht tekst, niet een getal',
      events: 'Ongeldige invoer: verwacht een lijst, niet tekst',
      count: 'Ongeldige invoer: verwacht een getal, niet tekst',
      price: 'Ongeldige invoer: verwacht een getal, niet een lege waarde (null)',
      name: 'Ongeldige invoer: verwacht tekst, niet een lijst',
      code: 'Ongeldige invoer: verwacht tekst, niet ja of nee (true of false)',
      active: 'Ongeldige invoer: verwacht ja of nee (true of false), niet tekst',
    });
  });

  it('limits in characters, elements and numbers', () => {
    expect(
      errorsOf(schema, {
        url: 'abcdef',
        events: [],
        count: 11,
        price: 0,
        name: '',
        code: 'ab',
        active: true,
      }),
    ).toEqual({
      url: 'Te lang: hoogstens 5 tekens',
      events: 'Te kort: minstens 1 element',
      count: 'Te groot: hoogstens 10',
      price: 'Te klein: groter dan 0',
      name: 'Dit veld is verplicht',
      code: 'Moet precies 3 tekens hebben',
    });
    expect(errorsOf(schema, { events: ['a', 'b', 'c'], count: 0 })).toMatchObject({
      events: 'Te lang: hoogstens 2 elementen',
      count: 'Te klein: minstens 1',
    });
  });

  it('messages of a schema win over the fallback', () => {
    expect(errorsOf(z.object({ name: z.string({ error: 'Naam is verplicht' }) }), {})).toEqual({
      name: 'Naam is verplicht',
    });
  });
});
