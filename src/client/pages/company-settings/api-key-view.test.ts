import { describe, expect, it } from 'vitest';
import { apiKeyCreateInput } from '../../../shared/schemas/api-key';
import { apiKeyRowView } from './api-key-view';

const key = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Boekhouding',
  access: 'read' as const,
  prefix: 'ik_Ab3dE',
  createdAt: '2026-03-28T23:30:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

describe('apiKeyRowView', () => {
  it('shows Dutch days (in the Netherlands), the level in words, and when nothing happened yet', () => {
    expect(apiKeyRowView(key, new Date('2026-04-01T00:00:00Z'))).toEqual({
      access: 'Lezen',
      created: '29-03-2026',
      lastUsed: 'Nog niet gebruikt',
      expires: 'Verloopt niet',
      expired: false,
    });
  });

  it('shows the expiry day the user chose (the key works through it) and marks it expired afterwards', () => {
    // The form's '31-12-2026' becomes midnight at the start of 1 January in the Netherlands.
    const expiresAt = apiKeyCreateInput
      .parse({ name: 'x', access: 'write', expiresAt: '2099-12-31' })
      .expiresAt!.toISOString();
    const view = apiKeyRowView(
      { ...key, access: 'write', expiresAt, lastUsedAt: '2099-07-01T10:05:59.000Z' },
      new Date('2099-12-31T22:59:00Z'),
    );
    expect(view).toMatchObject({
      access: 'Lezen en schrijven',
      expires: '31-12-2099',
      expired: false,
      lastUsed: '01-07-2099 12:05',
    });
    expect(apiKeyRowView({ ...key, expiresAt }, new Date(expiresAt)).expired).toBe(true);
  });
});
