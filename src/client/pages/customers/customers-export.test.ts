import { describe, expect, it, vi } from 'vitest';
import type { Customer, CustomerListQuery } from '../../../shared/schemas/customer';
import { customersCsv, customersCsvFileName, fetchAllCustomers } from './customers-export';

function customer(n: number, extra: Partial<Customer> = {}): Customer {
  return {
    _id: `id-${n}`,
    name: `Naam ${n}`,
    company: `Bedrijf ${n}`,
    contactPerson: '',
    email: `klant${n}@voorbeeld.nl`,
    phone: '',
    address: '',
    postalCode: '',
    city: '',
    country: 'Nederland',
    kvkNumber: '',
    btwNumber: '',
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: null,
    updatedBy: null,
    ...extra,
  };
}

describe('customersCsv', () => {
  it('writes the Dutch header and one row per customer', () => {
    const csv = customersCsv([
      customer(1, {
        company: 'Café "De Hoek"; Zn',
        phone: '+31612345678',
        address: 'Dorpsstraat 1',
        postalCode: '1234AB',
        city: 'Utrecht',
        kvkNumber: '12345678',
        btwNumber: 'NL123456789B01',
      }),
      customer(2, { active: false, name: '=HYPERLINK("x")' }),
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Bedrijf;Naam;Contactpersoon;E-mail;Telefoon;Adres;Postcode;Plaats;Land;KVK-nummer;BTW-nummer;Actief',
    );
    expect(lines[1]).toBe(
      '"Café ""De Hoek""; Zn";Naam 1;;klant1@voorbeeld.nl;+31612345678;Dorpsstraat 1;1234 AB;Utrecht;Nederland;12345678;NL123456789B01;Ja',
    );
    expect(lines[2]).toBe(`Bedrijf 2;"'=HYPERLINK(""x"")";;klant2@voorbeeld.nl;;;;;Nederland;;;Nee`);
    expect(lines[3]).toBe('');
  });

  it('names the file after the day', () => {
    expect(customersCsvFileName(new Date('2025-01-09T12:00:00Z'))).toBe('klanten-2025-01-09.csv');
  });
});

describe('fetchAllCustomers', () => {
  it('reads page after page of 200 with the filters until the total is reached', async () => {
    const everyone = Array.from({ length: 450 }, (_, i) => customer(i));
    const fetchPage = vi.fn(async (input: CustomerListQuery) => {
      const page = input.page ?? 1;
      const size = input.pageSize ?? 50;
      return { items: everyone.slice((page - 1) * size, page * size), total: everyone.length };
    });
    const result = await fetchAllCustomers(fetchPage, { search: 'jan', activeOnly: true });
    expect(result).toHaveLength(450);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenNthCalledWith(2, { search: 'jan', activeOnly: true, page: 2, pageSize: 200 });
  });

  it('stops on a short page and never lists a customer twice', async () => {
    const fetchPage = vi.fn(async (input: CustomerListQuery) =>
      input.page === 1
        ? { items: Array.from({ length: 200 }, (_, i) => customer(i)), total: 260 }
        : { items: [customer(199), customer(200)], total: 201 },
    );
    const result = await fetchAllCustomers(fetchPage, { search: '' });
    expect(result).toHaveLength(201);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage.mock.calls[0]?.[0]).toEqual({
      search: undefined,
      activeOnly: false,
      page: 1,
      pageSize: 200,
    });
  });
});
