/**
 * A small XML writer for the UBL file: elements with the names the code gives (never user text),
 * text and attribute values escaped here, indented by two spaces. A purpose-built writer rather than
 * a DOM library: a DOM of a 120-line order (some two thousand elements) cost more time to build and
 * serialise than the whole file may take (docs/decisions/ubl.md); these strings cost next to nothing.
 *
 * Escaping, the one thing that must be right (ubl/xml-writer.test.ts parses the output back):
 * - `&`, `<` and `>` always (`>` so that `]]>` never stands in text);
 * - in text, a carriage return as `&#xD;`, which a parser would otherwise turn into a line feed;
 * - in attributes also `"`, and tab, line feed and carriage return as character references, which a
 *   parser would otherwise normalise to spaces;
 * - characters XML 1.0 cannot hold at all (control characters other than tab, line feed and carriage
 *   return; a lone surrogate; U+FFFE, U+FFFF) become U+FFFD, so a stray one in a description does not
 *   make the file unreadable.
 */

const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/g;
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const reference = (c: string) => REFERENCES[c] ?? c;

export const xmlText = (value: string): string =>
  value.replace(NOT_XML, '\uFFFD').replace(TEXT_SPECIAL, reference);

export const xmlAttribute = (value: string): string =>
  value.replace(NOT_XML, '\uFFFD').replace(ATTRIBUTE_SPECIAL, reference);

/** A qualified name as the code writes it: `Order`, `cbc:ID`. */
const NAME = /^(?:[A-Za-z][A-Za-z0-9]*:)?[A-Za-z][A-Za-z0-9]*$/;

function startTag(name: string, attributes: Record<string, string>): string {
  if (!NAME.test(name)) throw new Error(`No element name: ${name}`);
  let tag = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    if (!NAME.test(key)) throw new Error(`No attribute name: ${key}`);
    tag += ` ${key}="${xmlAttribute(value)}"`;
  }
  return tag;
}

export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  private readonly open: string[] = [];

  private indent(): string {
    return '  '.repeat(this.open.length);
  }

  /** Opens an element that will hold others. */
  start(name: string, attributes: Record<string, string> = {}): this {
    this.parts.push(`${this.indent()}${startTag(name, attributes)}>\n`);
    this.open.push(name);
    return this;
  }

  /** An element holding `text`. */
  leaf(name: string, text: string, attributes: Record<string, string> = {}): this {
    this.parts.push(`${this.indent()}${startTag(name, attributes)}>${xmlText(text)}</${name}>\n`);
    return this;
  }

  /** Closes the element opened last. */
  end(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error('No element left to close');
    this.parts.push(`${this.indent()}</${name}>\n`);
    return this;
  }

  /** The document; every element must be closed. */
  toString(): string {
    if (this.open.length > 0) throw new Error(`Elements left open: ${this.open.join(' > ')}`);
    return this.parts.join('');
  }
}
