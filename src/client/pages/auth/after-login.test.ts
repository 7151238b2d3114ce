import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('afterLoginPath', () => {
  it('returns to the invitation page the login came from', () => {
    expect(afterLoginPath('next=%2Finvite%2Fabc234&email=a%40b.nl')).toBe('/invite/abc234');
    expect(afterLoginPath('?next=/invite/abc234')).toBe('/invite/abc234');
  });

  it('goes to the dashboard for anything else: no other path, no other site', () => {
    for (const next of [
      '',
      '/',
      '/bedrijfsinstellingen',
      '//evil.example/invite/x',
      'https://evil.example/invite/x',
      '/invite/x/../../admin',
      '/invite/',
    ]) {
      expect(afterLoginPath(`next=${encodeURIComponent(next)}`), next).toBe('/');
    }
    expect(afterLoginPath('')).toBe('/');
  });
});
