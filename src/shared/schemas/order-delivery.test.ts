import { describe, expect, it } from 'vitest';
import type { CustomerSnapshot } from '../order-record';
import { orderInput } from './order';
import {
  customerDeliveryAddress,
  deliveryMessages,
  effectiveDeliveryAddress,
  NOTES_MAX,
  ownDeliveryAddress,
} from './order-delivery';

const base = { customer: 'c1', items: [{ description: 'Stoelen', quantity: 2, price: '49,95' }] };
const parse = (extra: Record<string, unknown>) => orderInput.parse({ ...base, ...extra });
const details = (extra: Record<string, unknown>): Record<string, string> => {
  const r = orderInput.safeParse({ ...base, ...extra });
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

const site = { name: 'Bouwplaats', address: 'Havenweg 4', postalCode: '3511ab', city: 'Utrecht' };

const customer: CustomerSnapshot = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  contactPerson: '',
  email: 'petra@jansenbouw.nl',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '',
  btwNumber: '',
};

describe('delivery and remarks of an order', () => {
  it('are optional: left out they stay undefined, so a PUT keeps what the order has', () => {
    const parsed = parse({});
    expect(parsed.deliveryDate).toBeUndefined();
    expect(parsed.deliveryAddress).toBeUndefined();
    expect(parsed.notes).toBeUndefined();
  });

  it('null or empty clears them; null is the customer’s address', () => {
    expect(parse({ deliveryDate: null, deliveryAddress: null, notes: null })).toMatchObject({
      deliveryDate: null,
      deliveryAddress: null,
      notes: '',
    });
    expect(parse({ deliveryDate: '', notes: '  ' })).toMatchObject({ deliveryDate: null, notes: '' });
  });

  it('take a day, an address (Dutch postcode written 1234 AB, country Nederland by default) and remarks', () => {
    expect(
      parse({ deliveryDate: '2026-10-05', deliveryAddress: site, notes: ' Bellen\nvooraf ' }),
    ).toMatchObject({
      deliveryDate: '2026-10-05',
      deliveryAddress: { ...site, postalCode: '3511 AB', country: 'Nederland' },
      notes: 'Bellen\nvooraf',
    });
    const abroad = { address: 'Kaai 5', postalCode: '2000', city: 'Antwerpen', country: 'België' };
    expect(parse({ deliveryAddress: abroad }).deliveryAddress).toEqual({ name: '', ...abroad });
  });

  it('refuse what is not a day, an incomplete address and too long remarks, each at its field', () => {
    expect(details({ deliveryDate: '05-10-2026' })).toEqual({ deliveryDate: deliveryMessages.deliveryDate });
    expect(details({ deliveryDate: '2026-02-30' })).toEqual({ deliveryDate: deliveryMessages.deliveryDate });
    expect(details({ deliveryDate: '1900-01-01' })).toEqual({
      deliveryDate: deliveryMessages.deliveryDateRange,
    });
    expect(details({ deliveryAddress: { name: 'x' } })).toEqual({
      'deliveryAddress.address': deliveryMessages.address,
      'deliveryAddress.postalCode': deliveryMessages.postalCodeRequired,
      'deliveryAddress.city': deliveryMessages.city,
    });
    expect(details({ deliveryAddress: { ...site, postalCode: '12345' } })).toEqual({
      'deliveryAddress.postalCode': deliveryMessages.postalCode,
    });
    // Abroad the postcode follows the address's country, as a customer's does.
    expect(
      details({ deliveryAddress: { ...site, postalCode: '10115', city: 'Antwerpen', country: 'België' } }),
    ).toEqual({ 'deliveryAddress.postalCode': 'Ongeldige postcode voor België: 4 cijfers, bijv. 2000' });
    expect(
      parse({ deliveryAddress: { ...site, postalCode: 'd-10115', city: 'Berlijn', country: 'Duitsland' } })
        .deliveryAddress?.postalCode,
    ).toBe('10115');
    expect(details({ deliveryAddress: 'Havenweg 4' })).toEqual({
      deliveryAddress: deliveryMessages.deliveryAddress,
    });
    expect(details({ notes: 'x'.repeat(NOTES_MAX) })).toEqual({});
    expect(details({ notes: 'x'.repeat(NOTES_MAX + 1) })).toEqual({ notes: `Maximaal ${NOTES_MAX} tekens` });
  });

  it('an address equal to the customer’s is the customer’s address; answers show the effective one', () => {
    const same = { ...customerDeliveryAddress(customer), postalCode: '1234AB', city: 'utrecht' };
    expect(ownDeliveryAddress(same, customer)).toBeNull();
    const own = { ...site, postalCode: '3511 AB', country: 'Nederland' };
    expect(ownDeliveryAddress(own, customer)).toEqual(own);
    expect(effectiveDeliveryAddress(null, customer)).toEqual({
      address: {
        name: 'Jansen Bouw B.V.',
        address: 'Dorpsstraat 1',
        postalCode: '1234 AB',
        city: 'Utrecht',
        country: 'Nederland',
      },
      source: 'customer',
    });
    expect(effectiveDeliveryAddress(own, customer)).toEqual({ address: own, source: 'order' });
    expect(effectiveDeliveryAddress(null, null)).toEqual({ address: null, source: 'customer' });
  });
});
