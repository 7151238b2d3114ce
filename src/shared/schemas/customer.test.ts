import { describe, expect, it } from 'vitest';
import { BTW_MESSAGE_CUSTOMER } from '../rules/btw';
import { KVK_MESSAGE } from '../rules/kvk';
import { PHONE_MESSAGE } from '../rules/phone';
import { POSTCODE_MESSAGE } from '../rules/postcode';
import { errorsByField } from '../rules/test-support';
import { customerInput } from './customer';

describe('customerInput', () => {
  it('needs only name, company and e-mail; fills the defaults', () => {
    expect(customerInput.parse({ name: ' Piet ', company: 'Klant B.V.', email: 'Piet@Klant.NL' })).toEqual({
      name: 'Piet',
      company: 'Klant B.V.',
      email: 'piet@klant.nl',
      contactPerson: '',
      phone: '',
      address: '',
      postalCode: '',
      city: '',
      country: 'Nederland',
      kvkNumber: '',
      btwNumber: '',
      active: true,
    });
  });

  it('gives the required messages', () => {
    expect(errorsByField(customerInput, { name: '', company: ' ', email: '' })).toEqual({
      name: ['Naam is verplicht'],
      company: ['Bedrijfsnaam is verplicht'],
      email: ['E-mailadres is verplicht'],
    });
    expect(errorsByField(customerInput, {})).toEqual({
      name: ['Naam is verplicht'],
      company: ['Bedrijfsnaam is verplicht'],
      email: ['E-mailadres is verplicht'],
    });
  });

  it('normalises and checks the Dutch fields, BTW in the customer wording', () => {
    const base = { name: 'Piet', company: 'Klant B.V.', email: 'piet@klant.nl' };
    expect(
      customerInput.parse({
        ...base,
        phone: '020-1234567',
        postalCode: '1234ab',
        kvkNumber: '1234-5678',
        btwNumber: 'nl812345678b01',
        active: false,
      }),
    ).toMatchObject({
      phone: '+31201234567',
      postalCode: '1234 AB',
      kvkNumber: '12345678',
      btwNumber: 'NL812345678B01',
      active: false,
    });
    expect(
      errorsByField(customerInput, {
        ...base,
        email: 'piet@',
        phone: '12',
        postalCode: '12',
        kvkNumber: '12',
        btwNumber: 'NL12',
      }),
    ).toEqual({
      email: ['Voer een geldig e-mailadres in'],
      phone: [PHONE_MESSAGE],
      postalCode: [POSTCODE_MESSAGE],
      kvkNumber: [KVK_MESSAGE],
      btwNumber: [BTW_MESSAGE_CUSTOMER],
    });
  });
});
