import { describe, expect, it } from 'vitest';
import { groupKey, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './two-factor-view';

describe('groupKey', () => {
  it('writes a base32 key in groups of four, the last one shorter when it must be', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupKey('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
  });

  it('takes a key with spaces or in lower case as the same key', () => {
    expect(groupKey(' jbsw y3dp\nehpk ')).toBe('JBSW Y3DP EHPK');
    expect(groupKey('')).toBe('');
  });

  it('gives back exactly the key once the spaces are left out', () => {
    const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(groupKey(key).replace(/ /g, '')).toBe(key);
  });
});

describe('recoveryCodesText', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `k7m2p-x9q${i}r`);

  it('is one header line, then the codes one a line, with CRLF line ends and a byte-order mark', () => {
    const text = recoveryCodesText(codes, {
      email: 'jan@voorbeeld.nl',
      now: new Date('2026-11-29T12:00:00Z'),
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Herstelcodes van Inkooporders voor jan@voorbeeld.nl, gemaakt op 29-11-2026. Elke code werkt één keer.',
    );
    expect(lines.slice(1, -1)).toEqual(codes);
    expect(text.slice(1)).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });

  it('dates the file on the Dutch calendar, also just after midnight there', () => {
    const text = recoveryCodesText(codes, { email: 'a@b.nl', now: new Date('2026-07-07T22:30:00Z') });
    expect(text).toContain('gemaakt op 08-07-2026');
  });

  it('is saved under the name the screen promises', () => {
    expect(RECOVERY_CODES_FILE_NAME).toBe('inkooporders-herstelcodes.txt');
  });
});
