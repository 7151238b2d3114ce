import fs from 'node:fs';
import path from 'node:path';
import { create } from 'xmlbuilder2';

/**
 * The Schematron rules check which elements a document has, not in what order: the UBL schema does
 * that, and the data model (upstream/structure/syntax/ubl-order.xml) lists every element in the
 * schema's order. `modelOrderProblems` reads a document against that list, so an element written in
 * the wrong place (which a schema-validating importer refuses) fails a test too.
 */

type ModelNode = { term: string; children: ModelNode[] };

const PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Order-2': 'ubl',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
};

const elementChildren = (node: Node, name?: string): Element[] =>
  [...node.childNodes].filter(
    (n): n is Element => n.nodeType === 1 && (name === undefined || (n as Element).localName === name),
  );

function readModel(node: Element): ModelNode {
  const term = elementChildren(node, 'Term')[0]?.textContent?.trim() ?? '';
  return { term, children: elementChildren(node, 'Element').map(readModel) };
}

let model: ModelNode | undefined;
function orderModel(): ModelNode {
  if (!model) {
    const file = path.join(import.meta.dirname, 'upstream/structure/syntax/ubl-order.xml');
    const structure = create(fs.readFileSync(file, 'utf8')).root().node as unknown as Element;
    model = readModel(elementChildren(structure, 'Document')[0]!);
  }
  return model;
}

const termOf = (element: Element) => `${PREFIXES[element.namespaceURI ?? ''] ?? '?'}:${element.localName}`;

/** Each element the model does not know where it stands, and each one written before a sibling it follows. */
export function modelOrderProblems(xml: string): string[] {
  const problems: string[] = [];
  const visit = (element: Element, node: ModelNode, at: string) => {
    let last = -1;
    for (const child of elementChildren(element)) {
      const term = termOf(child);
      const index = node.children.findIndex((c) => c.term === term);
      if (index === -1) {
        problems.push(`${at}/${term} is not in the data model`);
        continue;
      }
      if (index < last) problems.push(`${at}/${term} comes after ${node.children[last]!.term}`);
      last = Math.max(last, index);
      visit(child, node.children[index]!, `${at}/${term}`);
    }
  };
  const root = create(xml).root().node as unknown as Element;
  const top = orderModel();
  if (termOf(root) !== top.term) return [`the root is ${termOf(root)}, not ${top.term}`];
  visit(root, top, top.term);
  return problems;
}
