// Compiles the official Peppol BIS Ordering 3 rules for the Order (T01) into one SaxonJS stylesheet
// (SEF), so the tests check a UBL order with saxon-js alone: no Java, no network, nothing outside the
// project. Run it again only when src/test/peppol/upstream/ changes; it rewrites the files under
// src/test/peppol/generated/ and both are committed.
//
//   node scripts/peppol-sef.mjs
//
// The steps, as the upstream build does them (src/test/peppol/README.md):
//   1. T01-basic.sch, which the upstream repository generates and does not hold: from the data model
//      (structure/syntax/ubl-order.xml) the cardinality rules (a mandatory element MUST be provided, an
//      element outside the model MUST NOT occur), the fixed values, the code-list checks, and one
//      variable per code list (structure/codelist/) for those checks and for PEPPOL-M-T01.sch;
//   2. one schema: SaxonJS does not resolve xi:include, so every included part is put in its place;
//   3. SchXslt2 1.3.4 turns the schema into an XSLT 3 stylesheet, which xslt3 compiles to a SEF.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { create } from 'xmlbuilder2';

const root = path.resolve(import.meta.dirname, '..');
const peppol = path.join(root, 'src/test/peppol');
const upstream = path.join(peppol, 'upstream');
const generated = path.join(peppol, 'generated');

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const XI = 'http://www.w3.org/2001/XInclude';
const SEF_FILE = 'PEPPOLBIS-T01.sef.json.gz';

const read = (file) => fs.readFileSync(file, 'utf8');
const elements = (node, name) =>
  [...node.childNodes].filter((n) => n.nodeType === 1 && (name === undefined || n.localName === name));
const child = (node, name) => elements(node, name)[0];
const text = (node, name) => child(node, name)?.textContent.trim() ?? '';
const escapeAttr = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every code list of structure/codelist/ by its identifier: its title and its codes. */
function readCodeLists() {
  const dir = path.join(upstream, 'structure/codelist');
  const lists = new Map();
  for (const file of fs.readdirSync(dir).sort()) {
    const list = create(read(path.join(dir, file))).root().node;
    lists.set(text(list, 'Identifier'), {
      title: text(list, 'Title'),
      codes: elements(list, 'Code').map((code) => text(code, 'Id')),
    });
  }
  return lists;
}

const isOptional = (node) => {
  if (node.localName === 'Attribute') return (node.getAttribute('usage') ?? '').toLowerCase() === 'optional';
  return (node.getAttribute('cardinality') ?? '1..1').startsWith('0');
};
const codeListsOf = (node) =>
  elements(node, 'Reference')
    .filter((r) => r.getAttribute('type') === 'CODE_LIST')
    .map((r) => r.textContent.trim());
const fixedValue = (node) => elements(node, 'Value').find((v) => v.getAttribute('type') === 'FIXED');

/**
 * The generated part of the rules, as the upstream generator (vefa-structure) writes it: a rule per
 * element of the model, by its full path, in document order, each followed (when it has children) by
 * a rule for any other child, which the model does not know. Within one pattern the first matching
 * rule fires, so a known element never reaches that last rule. Assertion ids count the model's
 * elements and attributes in document order, as upstream does: PEPPOL-T01-B{element}{assertion}.
 */
function basicSchematron(codeLists) {
  const structure = create(read(path.join(upstream, 'structure/syntax/ubl-order.xml'))).root().node;
  const prefix = elements(structure, 'Property').find((p) => p.getAttribute('key') === 'sch:prefix');
  const idPrefix = prefix.textContent.trim();
  const used = new Set();
  const rules = [];
  let counter = 0;

  const listTest = (ids, value) => {
    for (const id of ids) {
      if (!codeLists.has(id)) throw new Error(`Code list ${id} is missing in structure/codelist/`);
      used.add(id);
    }
    return ids.map((id) => `(some $code in $cl${id} satisfies $code = ${value})`).join(' or ');
  };
  const listMessage = (ids) =>
    `Value MUST be part of code list '${ids.map((id) => codeLists.get(id).title).join("' or '")}'.`;

  function visit(node, contextPath, isDocument) {
    counter += 1;
    const number = String(counter).padStart(3, '0');
    const asserts = [];
    const assert = (test, message) =>
      asserts.push(
        `      <assert id="${idPrefix}-B${number}${String(asserts.length + 1).padStart(2, '0')}" flag="fatal" test="${escapeAttr(test)}">${escapeText(message)}</assert>`,
      );
    const children = elements(node, 'Element');
    for (const c of children) {
      const term = text(c, 'Term');
      if (!isOptional(c)) assert(term, `Element '${term}' MUST be provided.`);
    }
    if (isDocument) assert('not(@*:schemaLocation)', 'Document MUST not contain schema location.');
    for (const attribute of elements(node, 'Attribute')) {
      counter += 1;
      const name = text(attribute, 'Term');
      if (!isOptional(attribute)) assert(`@${name}`, `Attribute '${name}' MUST be present.`);
      const lists = codeListsOf(attribute);
      if (lists.length > 0) assert(`not(@${name}) or ${listTest(lists, `@${name}`)}`, listMessage(lists));
    }
    const lists = codeListsOf(node);
    if (lists.length > 0) assert(listTest(lists, 'normalize-space(text())'), listMessage(lists));
    const fixed = fixedValue(node);
    if (fixed) {
      const value = fixed.textContent.trim();
      assert(
        `normalize-space(text()) = '${value}'`,
        `Element '${text(node, 'Term')}' MUST contain value '${value}'.`,
      );
    }
    rules.push(
      asserts.length === 0
        ? `    <rule context="${contextPath}"/>`
        : `    <rule context="${contextPath}">\n${asserts.join('\n')}\n    </rule>`,
    );
    for (const c of children) visit(c, `${contextPath}/${text(c, 'Term')}`, false);
    if (children.length > 0) {
      rules.push(
        `    <rule context="${contextPath}/*">\n      <assert id="${idPrefix}-B${number}${String(asserts.length + 1).padStart(2, '0')}" flag="fatal" test="false()">Document MUST NOT contain elements not part of the data model.</assert>\n    </rule>`,
      );
    }
  }

  const document = child(structure, 'Document');
  visit(document, `/${text(document, 'Term')}`, true);

  const variables = [...used, 'UNCL5189', 'UNCL7161']
    .filter((id, i, all) => all.indexOf(id) === i)
    .map((id) => {
      const codes = codeLists.get(id).codes.join(' ');
      return `    <let name="cl${id}" value="tokenize('${escapeAttr(codes)}', '\\s')"/>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by scripts/peppol-sef.mjs from upstream/structure/syntax/ubl-order.xml and
     upstream/structure/codelist/: the T01-basic.sch that the upstream build generates. -->
<pattern xmlns="${SCH}">
${variables.join('\n')}
${rules.join('\n')}
</pattern>
`;
}

/**
 * The schema with every xi:include and sch:include replaced by the element it names (the basic
 * rules from step 1 for the generated file upstream keeps under target/).
 */
function inlinedSchema(basic) {
  const schemaFile = path.join(upstream, 'rules/sch/PEPPOLBIS-T01.sch');
  const doc = create(read(schemaFile));
  const schema = doc.root().node;
  for (const include of elements(schema)) {
    const isInclude =
      include.localName === 'include' && (include.namespaceURI === XI || include.namespaceURI === SCH);
    if (!isInclude) continue;
    const href = include.getAttribute('href');
    const source = href.endsWith('T01-basic.sch')
      ? basic
      : read(path.resolve(path.dirname(schemaFile), href));
    const part = create(source).root().node;
    schema.replaceChild(schema.ownerDocument.importNode(part, true), include);
  }
  return doc.end({ prettyPrint: false });
}

function xslt3(args) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/xslt3/xslt3.js'), ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function main() {
  fs.mkdirSync(generated, { recursive: true });
  const basic = basicSchematron(readCodeLists());
  fs.writeFileSync(path.join(generated, 'T01-basic.sch'), basic);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'peppol-sef-'));
  try {
    const schema = path.join(work, 'PEPPOLBIS-T01.sch');
    fs.writeFileSync(schema, inlinedSchema(basic));
    const transpiler = path.join(work, 'transpile.sef.json');
    xslt3([`-xsl:${path.join(upstream, 'schxslt2-1.3.4/transpile.xsl')}`, `-export:${transpiler}`, '-nogo']);
    const validator = path.join(work, 'PEPPOLBIS-T01.xsl');
    xslt3([`-xsl:${transpiler}`, `-s:${schema}`, `-o:${validator}`]);
    const sef = path.join(work, 'PEPPOLBIS-T01.sef.json');
    xslt3([`-xsl:${validator}`, `-export:${sef}`, '-nogo', '-relocate:on']);
    // Gzipped: the SEF is one long line of repetitive JSON, which compresses well.
    fs.writeFileSync(path.join(generated, SEF_FILE), zlib.gzipSync(fs.readFileSync(sef), { level: 9 }));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`Written: ${path.relative(root, generated)}/T01-basic.sch, ${SEF_FILE}`);
}

main();
