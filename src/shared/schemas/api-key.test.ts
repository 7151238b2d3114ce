import { describe, expect, it } from 'vitest';
import { addDays, amsterdamDay, startOfAmsterdamDay } from '../dates';
import { fieldErrors } from '../field-errors';
import { apiKeyCreateInput, apiKeyExpiryInstant, apiKeyMessages } from './api-key';

const errorsOf = (input: unknown) => {
  const r = apiKeyCreateInput.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe('apiKeyCreateInput', () => {
  it('takes a trimmed name, an access level and no expiry', () => {
    expect(apiKeyCreateInput.parse({ name: '  Boekhouding  ', access: 'read' })).toEqual({
      name: 'Boekhouding',
      access: 'read',
    });
  });

  it('refuses an empty or too long name and an unknown access level, in Dutch', () => {
    expect(errorsOf({ name: '   ', access: 'write' })).toEqual({ name: apiKeyMessages.nameRequired });
    expect(errorsOf({ name: 'x'.repeat(101), access: 'write' }).name).toMatch(/100 tekens/);
    expect(errorsOf({ name: 'Webshop', access: 'admin' })).toEqual({ access: apiKeyMessages.access });
  });

  it('reads a day as "through the end of that day" in the Netherlands', () => {
    const tomorrow = addDays(amsterdamDay(new Date()), 1);
    const parsed = apiKeyCreateInput.parse({ name: 'Webshop', access: 'write', expiresAt: tomorrow });
    expect(parsed.expiresAt).toEqual(startOfAmsterdamDay(addDays(tomorrow, 1)));
    expect(apiKeyExpiryInstant('2026-07-01')?.toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(apiKeyExpiryInstant('2026-12-31')?.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('takes today (valid until midnight) but refuses a past day or instant, and a non-date', () => {
    const today = amsterdamDay(new Date());
    expect(apiKeyCreateInput.safeParse({ name: 'a', access: 'read', expiresAt: today }).success).toBe(true);
    const yesterday = addDays(today, -1);
    expect(errorsOf({ name: 'a', access: 'read', expiresAt: yesterday })).toEqual({
      expiresAt: apiKeyMessages.expiresAtPast,
    });
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(errorsOf({ name: 'a', access: 'read', expiresAt: past })).toEqual({
      expiresAt: apiKeyMessages.expiresAtPast,
    });
    for (const bad of ['31-12-2030', '2030-02-30', 'morgen', 12])
      expect(errorsOf({ name: 'a', access: 'read', expiresAt: bad })).toEqual({
        expiresAt: apiKeyMessages.expiresAtInvalid,
      });
  });
});
