import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import SaxonJS from 'saxon-js';

/**
 * Runs a document through the official Peppol BIS Ordering 3 rules for the Order (T01), compiled
 * once by scripts/peppol-sef.mjs into generated/PEPPOLBIS-T01.sef.json.gz (README.md beside this
 * file says from what). Only saxon-js runs here: no Java, nothing outside the project.
 */

export type PeppolFinding = { id: string; flag: string; text: string; location: string };

export type PeppolReport = {
  /** Failed assertions flagged 'fatal': the document is not a valid Peppol order. */
  fatal: PeppolFinding[];
  /** Failed assertions flagged 'warning': allowed, but named. */
  warnings: PeppolFinding[];
};

const SEF = path.join(import.meta.dirname, 'generated/PEPPOLBIS-T01.sef.json.gz');

let stylesheet: unknown;
const rules = () => {
  stylesheet ??= JSON.parse(zlib.gunzipSync(fs.readFileSync(SEF)).toString('utf8'));
  return stylesheet;
};

const FINDINGS = `for $f in (.//svrl:failed-assert, .//svrl:successful-report) return map {
  'id': string($f/@id), 'flag': string($f/@flag), 'text': normalize-space($f/svrl:text),
  'location': string($f/@location) }`;

export function validatePeppolOrder(xml: string): PeppolReport {
  const { principalResult } = SaxonJS.transform(
    { stylesheetInternal: rules(), sourceText: xml, destination: 'raw' },
    'sync',
  );
  const findings = SaxonJS.XPath.evaluate(FINDINGS, principalResult, {
    namespaceContext: { svrl: 'http://purl.oclc.org/dsdl/svrl' },
    resultForm: 'array',
  }) as PeppolFinding[];
  return {
    fatal: findings.filter((f) => f.flag !== 'warning'),
    warnings: findings.filter((f) => f.flag === 'warning'),
  };
}

/** The ids of the fatal findings, for a short assertion message. */
export const fatalIds = (report: PeppolReport) => report.fatal.map((f) => `${f.id}: ${f.text}`);

const UBL_NAMESPACES = {
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Order-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/**
 * The string values an XPath finds in a UBL order, from its root element: e.g.
 * `ublValues(xml, 'cac:OrderLine/cac:LineItem/cbc:Quantity/@unitCode')`. The text is parsed as XML
 * here, so what the tests read is what an importing system reads.
 */
export function ublValues(xml: string, expression: string): string[] {
  return SaxonJS.XPath.evaluate(`parse-xml($xml)/ubl:Order/(${expression}) ! string(.)`, null, {
    params: { xml },
    namespaceContext: UBL_NAMESPACES,
    resultForm: 'array',
  }) as string[];
}
