import { describe, expect, it } from 'vitest';
import { dashboardProfileScore, documentProfileGaps, profileCompleteness } from './profile-completeness';

const complete = {
  name: 'Jan',
  email: 'jan@voorbeeld.nl',
  company: 'Jansen',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  kvkNumber: '12345678',
  btwNumber: 'NL123456789B01',
  bankAccount: 'NL91ABNA0417164300',
};

describe('profileCompleteness (company settings, 8 fields)', () => {
  it('a complete profile is 100 %', () => {
    expect(profileCompleteness(complete)).toEqual({
      filled: 8,
      total: 8,
      percent: 100,
      missing: [],
      missingFields: [],
    });
  });

  it('a freshly registered user (name, e-mail, company) is 3/8 = 38 %', () => {
    expect(profileCompleteness({ name: 'Jan', email: 'jan@voorbeeld.nl', company: 'Jansen' })).toEqual({
      filled: 3,
      total: 8,
      percent: 38,
      missing: ['Adres', 'Postcode', 'Plaats', 'KVK-nummer', 'BTW-nummer'],
      missingFields: ['address', 'postalCode', 'city', 'kvkNumber', 'btwNumber'],
    });
  });

  it('blank text, null and a bare NL BTW number count as empty; the IBAN does not count', () => {
    const result = profileCompleteness({
      ...complete,
      address: '  ',
      city: null,
      btwNumber: 'NL',
      bankAccount: '',
    });
    expect(result.filled).toBe(5);
    expect(result.percent).toBe(63);
    expect(result.missing).toEqual(['Adres', 'Plaats', 'BTW-nummer']);
  });

  it('nothing at all is 0 %', () => {
    const result = profileCompleteness({});
    expect(result.percent).toBe(0);
    expect(result.missing).toEqual([
      'Naam',
      'E-mail',
      'Bedrijfsnaam',
      'Adres',
      'Postcode',
      'Plaats',
      'KVK-nummer',
      'BTW-nummer',
    ]);
  });
});

describe('dashboardProfileScore (4 base points + 6 fields, out of 10)', () => {
  it('complete: 10/10, no warning', () => {
    expect(dashboardProfileScore(complete)).toEqual({
      score: 10,
      total: 10,
      percent: 100,
      missing: [],
      missingFields: [],
      warning: false,
    });
  });

  it('freshly registered: 4/10 = 40 %, warning, all six missing', () => {
    expect(dashboardProfileScore({ name: 'Jan', email: 'jan@voorbeeld.nl', company: 'Jansen' })).toEqual({
      score: 4,
      total: 10,
      percent: 40,
      missing: ['Adres', 'Postcode', 'Plaats', 'KVK-nummer', 'BTW-nummer', 'IBAN (bankrekening)'],
      missingFields: ['address', 'postalCode', 'city', 'kvkNumber', 'btwNumber', 'bankAccount'],
      warning: true,
    });
  });

  it('the warning is below 70 %: 6/10 warns, 7/10 does not', () => {
    const six = dashboardProfileScore({ address: 'a', postalCode: '1234 AB' });
    expect([six.score, six.percent, six.warning]).toEqual([6, 60, true]);
    const seven = dashboardProfileScore({ address: 'a', postalCode: '1234 AB', city: 'Utrecht' });
    expect([seven.score, seven.percent, seven.warning]).toEqual([7, 70, false]);
  });

  it('name, e-mail and company do not add points; a bare NL does not either', () => {
    expect(dashboardProfileScore({ name: 'Jan', btwNumber: 'NL' }).score).toBe(4);
  });
});

describe('documentProfileGaps', () => {
  it('names what the PDF lacks and links to the tab of the first', () => {
    expect(documentProfileGaps({ address: 'Dorpsstraat 1', postalCode: '1234 AB', city: 'Utrecht' })).toEqual(
      {
        missing: ['KVK-nummer', 'BTW-nummer', 'IBAN (bankrekening)'],
        missingFields: ['kvkNumber', 'btwNumber', 'bankAccount'],
        href: '/bedrijfsinstellingen#financieel',
      },
    );
    expect(documentProfileGaps({ kvkNumber: '12345678', btwNumber: 'NL' })?.href).toBe(
      '/bedrijfsinstellingen#profiel',
    );
  });

  it('is null for a complete profile', () => {
    expect(
      documentProfileGaps({
        address: 'Dorpsstraat 1',
        postalCode: '1234 AB',
        city: 'Utrecht',
        kvkNumber: '12345678',
        btwNumber: 'NL812345678B01',
        bankAccount: 'NL91ABNA0417164300',
      }),
    ).toBeNull();
  });
});
