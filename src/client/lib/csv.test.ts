import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_BOM, csvCell, csvFromRows, datedFileName, guardFormula } from './csv';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Bakkerij de Vries')).toBe('Bakkerij de Vries');
    expect(csvCell('Café “Ñ” €')).toBe('Café “Ñ” €');
  });

  it('quotes the separator, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Zeg "hallo"')).toBe('"Zeg ""hallo"""');
    expect(csvCell('regel 1\nregel 2')).toBe('"regel 1\nregel 2"');
    expect(csvCell('regel 1\r\nregel 2')).toBe('"regel 1\r\nregel 2"');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
  });

  it('quotes a comma and a tab too, whichever separator the spreadsheet picks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('a;b', ',')).toBe('"a;b"');
  });

  it('guards a formula after a comma: opened with "," as separator it would be a cell of its own', () => {
    expect(csvCell('Acme,=2+3,BV')).toBe(`"Acme,'=2+3,BV"`);
    expect(csvFromRows([['Acme,=2+3,BV', 'x']], { bom: false })).toBe(`"Acme,'=2+3,BV";x\r\n`);
  });

  it('writes empty values, booleans, numbers and dates', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(true)).toBe('Ja');
    expect(csvCell(false)).toBe('Nee');
    expect(csvCell(1234.5)).toBe('"1234,5"');
    expect(csvCell(-12.25)).toBe('"-12,25"');
    expect(csvCell(1234)).toBe('1234');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(new Date('2025-03-07T10:00:00.000Z'))).toBe('2025-03-07T10:00:00.000Z');
  });
});

describe('guardFormula', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+cmd|" /C calc"!A0', '\'+cmd|" /C calc"!A0'],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t'=1"],
    ['\tJansen', "'\tJansen"],
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ['\r=1', "'\r'=1"],
    ['  =1+1', "'  =1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0Bcmd', "'\uFF0Bcmd"],
    ['\uFF0D2+3', "'\uFF0D2+3"],
    ['\uFF20SUM(1)', "'\uFF20SUM(1)"],
    ['Acme,=2+3,BV', "Acme,'=2+3,BV"],
    ['Acme;=2+3', "Acme;'=2+3"],
    ['Acme, =2+3', "Acme,' =2+3"],
    ['a,+cmd|" /C calc"!A0', 'a,\'+cmd|" /C calc"!A0'],
    ['a,@SUM(1);-2+3', "a,'@SUM(1);'-2+3"],
    ['regel 1\n=1+1', "regel 1\n'=1+1"],
    ['regel 1\r\n@SUM(1)', "regel 1\r\n'@SUM(1)"],
    ['a\t=1', "a\t'=1"],
    ['=1,=2', "'=1,'=2"],
  ])('guards %j', (input, expected) => {
    expect(guardFormula(input)).toBe(expected);
  });

  it('leaves plain numbers and ordinary text alone', () => {
    expect(guardFormula('+31612345678')).toBe('+31612345678');
    expect(guardFormula('-12,50')).toBe('-12,50');
    expect(guardFormula('1234 AB')).toBe('1234 AB');
    expect(guardFormula('a=b')).toBe('a=b');
    expect(guardFormula('info@bedrijf.nl')).toBe('info@bedrijf.nl');
    expect(guardFormula('Korting, -12,50')).toBe('Korting, -12,50');
    expect(guardFormula('Jansen, Pieters & zn')).toBe('Jansen, Pieters & zn');
    expect(guardFormula('Straat 1;2')).toBe('Straat 1;2');
  });

  it('guards before quoting', () => {
    expect(csvCell('=1;2')).toBe('"\'=1;2"');
  });
});

describe('buildCsv', () => {
  const columns = [
    { header: 'Naam', value: (r: { name: string; active: boolean }) => r.name },
    { header: 'Actief', value: (r: { name: string; active: boolean }) => r.active },
  ];

  it('starts with a BOM, separates with ; and ends every line with CRLF', () => {
    const csv = buildCsv(
      [
        { name: 'Jansen; zn', active: true },
        { name: 'Pieters', active: false },
      ],
      columns,
    );
    expect(csv).toBe(`${CSV_BOM}Naam;Actief\r\n"Jansen; zn";Ja\r\nPieters;Nee\r\n`);
  });

  it('writes only the header for no records, and can leave out the BOM', () => {
    expect(buildCsv([], columns, { bom: false })).toBe('Naam;Actief\r\n');
  });

  it('encodes the BOM as the UTF-8 bytes EF BB BF', () => {
    const bytes = new TextEncoder().encode(csvFromRows([['é']]));
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('datedFileName', () => {
  it('uses the calendar day in the Netherlands, zero-padded', () => {
    expect(datedFileName('klanten', new Date('2025-03-07T22:59:00Z'))).toBe('klanten-2025-03-07.csv');
    expect(datedFileName('orders', new Date('2024-12-31T12:00:00Z'), 'xlsx')).toBe('orders-2024-12-31.xlsx');
  });

  it('is already the next day in Amsterdam when the UTC clock still reads the old one', () => {
    // 23:30 UTC on New Year's Eve is 00:30 on 1 January in Amsterdam, whatever the machine's zone.
    expect(datedFileName('klanten', new Date('2026-12-31T23:30:00Z'))).toBe('klanten-2027-01-01.csv');
    // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(datedFileName('orders', new Date('2026-06-30T22:30:00Z'))).toBe('orders-2026-07-01.csv');
  });
});
