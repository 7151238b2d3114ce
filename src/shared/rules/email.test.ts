import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmail, normaliseEmail } from './email';
import { anyInput, messagesOf, padded, randomCase } from './test-support';

const messages = { required: 'E-mailadres is verplicht', invalid: 'Voer een geldig e-mailadres in' };

describe('emailSchema', () => {
  const required = emailSchema(messages);
  const optional = emailSchema({ invalid: 'Vul een geldig e-mailadres in' });

  it('trims and lower-cases', () => {
    expect(required.parse('  Jan@Voorbeeld.NL ')).toBe('jan@voorbeeld.nl');
  });

  it.each(['', '   ', undefined, null])('required: %j → the required message', (v) => {
    expect(messagesOf(required, v)).toEqual([messages.required]);
  });

  it.each([
    'jan',
    'jan@',
    'jan@voorbeeld',
    '@voorbeeld.nl',
    'jan @voorbeeld.nl',
    'jan@voor beeld.nl',
    'a@b@c.nl',
    // Strings a mail library reads as another address than the one stored.
    'x<evil@evil.example>',
    'Jan <jan@voorbeeld.nl>',
    'evil@evil.example;x.nl',
    'jan@voorbeeld.nl,piet@voorbeeld.nl',
    'a@example.nl(.victim.nl)',
    '"jan"@voorbeeld.nl',
    'jan@[127.0.0.1]',
    'jan@voorbeeld.nl\r\nbcc:x@evil.example',
    'jan\u0000@voorbeeld.nl',
    'jan@voorbeeld.nl.',
    'jan@voorbeeld..nl',
  ])('refuses %j with the invalid message', (v) => {
    expect(messagesOf(required, v)).toEqual([messages.invalid]);
  });

  it.each(["o'brien@voorbeeld.nl", 'jan.de.vries+orders@mail.voorbeeld.co.uk', 'info@bäckerei-müller.de'])(
    'accepts the plain address %j',
    (v) => {
      expect(required.parse(v)).toBe(v.toLowerCase());
    },
  );

  it('refuses an address over 254 characters', () => {
    expect(messagesOf(required, `${'a'.repeat(250)}@x.nl`)).toEqual([messages.invalid]);
  });

  it('optional: empty is valid, anything else must be address-like', () => {
    expect(optional.parse('')).toBe('');
    expect(optional.parse(' ')).toBe('');
    expect(messagesOf(optional, 'jan@')).toEqual(['Vul een geldig e-mailadres in']);
  });
});

describe('e-mail properties', () => {
  it('normalising is idempotent', () => {
    fc.assert(fc.property(anyInput, (s) => normaliseEmail(normaliseEmail(s)) === normaliseEmail(s)));
  });

  const part = fc.string({ unit: fc.constantFrom(...'abcxyz019._-+'), minLength: 1, maxLength: 12 });
  const word = fc.string({ unit: fc.constantFrom(...'abcxyz019-'), minLength: 1, maxLength: 12 });
  const address = fc
    .tuple(part, word, fc.constantFrom('nl', 'com', 'co.uk'))
    .map(([l, d, t]) => `${l}@${d}.${t}`);

  it('an address with blanks around and any case is accepted, lower-cased', () => {
    fc.assert(
      fc.property(padded(randomCase(address)), (raw) => {
        const normalised = normaliseEmail(raw);
        expect(isValidEmail(normalised)).toBe(true);
        expect(emailSchema(messages).parse(raw)).toBe(normalised);
      }),
    );
  });
});
