import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fatalIds, validatePeppolOrder } from './validate';

/**
 * The harness itself: the official example orders pass the compiled Peppol T01 rules, and a document
 * broken in one place fails them with the rule that guards that place — so a test of our own orders
 * that passes proves something. Each part of the rules is reached: the upstream rules (PEPPOL-T01-R…),
 * the common ones (PEPPOL-COMMON-R…) and the generated basic rules (PEPPOL-T01-B…: cardinality, the
 * data model, code lists).
 */

const EXAMPLES = path.join(import.meta.dirname, 'upstream/rules/examples/Order use cases');
const example = (name: string) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8');

/** The example with `before` replaced once by `after`; the text must be there. */
function broken(before: string, after: string): string {
  const xml = example('UC6_Order.xml');
  expect(xml).toContain(before);
  return xml.replace(before, after);
}

const fatalRules = (xml: string) => validatePeppolOrder(xml).fatal.map((f) => `${f.id}: ${f.text}`);

describe('the Peppol T01 rules (src/test/peppol)', () => {
  it.each(fs.readdirSync(EXAMPLES).sort())('the official example %s passes', (name) => {
    const report = validatePeppolOrder(example(name));
    expect(fatalIds(report)).toEqual([]);
  });

  it('refuses a wrong CustomizationID', () => {
    const xml = broken('trns:order:3</cbc:CustomizationID>', 'trns:order:2</cbc:CustomizationID>');
    expect(fatalRules(xml)).toEqual([expect.stringMatching(/^PEPPOL-T01-R034: /)]);
  });

  it('refuses a total that is not the sum of the lines', () => {
    const xml = broken(
      '<cbc:LineExtensionAmount currencyID="EUR">400</cbc:LineExtensionAmount>\n    <cbc:PayableAmount',
      '<cbc:LineExtensionAmount currencyID="EUR">400.01</cbc:LineExtensionAmount>\n    <cbc:PayableAmount',
    );
    expect(fatalRules(xml)).toEqual([expect.stringMatching(/^PEPPOL-T01-R008: /)]);
  });

  it('refuses an amount with three decimals', () => {
    const xml = broken('<cbc:TaxAmount currencyID="EUR">100<', '<cbc:TaxAmount currencyID="EUR">100.001<');
    expect(fatalRules(xml)).toContainEqual(expect.stringMatching(/^PEPPOL-T01-R028: /));
  });

  it('refuses a unit code outside UN/ECE Recommendation 20 (a generated code-list rule)', () => {
    const xml = broken('unitCode="NAR"', 'unitCode="STUK"');
    expect(fatalRules(xml)).toEqual([
      expect.stringMatching(/^PEPPOL-T01-B\d{5}: Value MUST be part of code list 'Recommendation 20/),
    ]);
  });

  it('refuses an endpoint scheme outside the EAS list', () => {
    const xml = broken('<cbc:EndpointID schemeID="0192">', '<cbc:EndpointID schemeID="9999">');
    expect(fatalRules(xml)).toEqual([
      expect.stringMatching(/^PEPPOL-T01-B\d{5}: Value MUST be part of code list 'Electronic Address Scheme/),
    ]);
  });

  it('refuses a missing mandatory element (a generated cardinality rule)', () => {
    const xml = broken('<cbc:IssueDate>2024-08-28</cbc:IssueDate>', '');
    expect(fatalRules(xml)).toEqual(["PEPPOL-T01-B00104: Element 'cbc:IssueDate' MUST be provided."]);
  });

  it('refuses an element the data model does not have, such as a PartyTaxScheme of the seller', () => {
    const xml = broken(
      '<cac:PartyLegalEntity>\n        <cbc:RegistrationName>The Supplier AB',
      '<cac:PartyTaxScheme><cbc:CompanyID>NO987654325MVA</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity>\n        <cbc:RegistrationName>The Supplier AB',
    );
    expect(fatalRules(xml)).toEqual([
      expect.stringMatching(
        /^PEPPOL-T01-B\d{5}: Document MUST NOT contain elements not part of the data model\.$/,
      ),
    ]);
  });

  it('refuses an empty element (a common rule)', () => {
    const xml = broken('<cbc:Name>City Hospital</cbc:Name>', '<cbc:Name></cbc:Name>');
    expect(fatalRules(xml)).toContainEqual(expect.stringMatching(/^PEPPOL-COMMON-R001: /));
  });
});
