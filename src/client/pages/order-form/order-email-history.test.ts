import { describe, expect, it } from 'vitest';
import { sentLine } from './order-email-history';

describe('sentLine', () => {
  it('says to whom and when, as dd-mm-jjjj and the Dutch wall clock', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Amsterdam.
    expect(sentLine({ recipient: 'klant@x.nl', sentAt: '2026-12-31T23:30:00.000Z' })).toBe(
      'Verzonden naar klant@x.nl op 01-01-2027 om 00:30',
    );
    expect(sentLine({ recipient: 'klant@x.nl', sentAt: '2026-07-01T12:05:09.000Z' })).toBe(
      'Verzonden naar klant@x.nl op 01-07-2026 om 14:05',
    );
  });
});
