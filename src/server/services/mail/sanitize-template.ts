import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import {
  fillTemplate,
  type TemplateData,
  type TemplateVariable,
  usesVariable,
} from '../../../shared/template-variables';

const require = createRequire(import.meta.url);
let loaded: typeof SanitizeHtml | undefined;
/**
 * sanitize-html (with htmlparser2 and postcss) is required on the first template cleaned, not at
 * start-up: importing it is a large part of a cold start (docs/decisions/start-up.md), and most
 * starts clean no template soon. It is CommonJS, so this stays synchronous.
 */
function sanitizer(): typeof SanitizeHtml {
  loaded ??= require('sanitize-html') as typeof SanitizeHtml;
  return loaded;
}

/**
 * The HTML a user may put in an e-mail template: formatting, headings, lists, tables, links and
 * https images — nothing that runs, submits, loads a page inside the mail or escapes the message's box.
 * Applied on save (what is stored is clean) and again on every render (a template stored by an older
 * version, or a value filled into a URL, is cleaned by today's rules).
 */

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img'],
];

/** Tags whose text is dropped with them (the defaults of sanitize-html plus the embedded worlds). */
const DROP_WITH_CONTENT = [
  ...['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'noembed', 'noframes'],
  ...['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'select'],
  ...['head', 'meta', 'link', 'base', 'form', 'button'],
];

// Values of the few CSS properties kept: plain colours, lengths and keywords. No url(), expression(),
// var(), escapes or anything with parentheses but rgb(); no position or sizes that reach outside the
// message (there is no `position`, `z-index`, `top`, … at all).
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [
  /^(?:0|\d{1,3}(?:\.\d{1,2})?(?:px|em|rem|%|pt))(?:\s+(?:0|\d{1,3}(?:\.\d{1,2})?(?:px|em|rem|%|pt))){0,3}$/i,
];
const BORDER = [/^(?:\d{1,2}px\s+)?(?:solid|dashed|dotted|none)(?:\s+#[0-9a-f]{3,8})?$/i];

const TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(?:left|right|center|justify)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic)$/i],
  'text-decoration': [/^(?:none|underline|line-through)$/i],
  'font-size': [/^(?:\d{1,2}(?:\.\d)?(?:px|pt|em|rem)|1\d{2}%|[1-9]\d?%)$/i],
  'line-height': [/^(?:\d(?:\.\d{1,2})?|\d{1,2}px)$/i],
  margin: LENGTH,
  padding: LENGTH,
  border: BORDER,
  'border-collapse': [/^(?:collapse|separate)$/i],
  'vertical-align': [/^(?:top|middle|bottom|baseline)$/i],
  width: [/^(?:\d{1,3}(?:px|%)|auto)$/i],
};

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style', 'title', 'align'],
    a: ['href', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'valign', 'width', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
  },
  allowedStyles: { '*': TEXT_STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images load from https only: no data: (hidden payloads, huge mails), no http (mixed content).
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'background'],
  allowProtocolRelative: false,
  // A link opens outside the mail client's window, and tells the target nothing about where it came from.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
    }),
  },
  // An image whose source was removed (data:, http:, javascript:) would only show as a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  allowedClasses: {},
  parseStyleAttributes: true,
  enforceHtmlBoundary: false,
};

// The rel/target the transform adds are the only ones kept; a user's own are dropped above.
(OPTIONS.allowedAttributes as Record<string, string[]>).a!.push('rel', 'target');

/**
 * Template HTML with everything executable or escaping removed.
 *
 * sanitize-html's parser (htmlparser2) is no HTML5 tree builder: a tag it drops can leave markup a
 * browser reads differently — '<p><body onload=…><p>x</p>' came out as '<p><p>x</p></p>', which a
 * browser parses as '<p></p><p>x</p><p></p>' (found by the property test below it). Cleaning again
 * until nothing changes stores exactly what the next parser sees; it settles in one extra pass.
 */
export function sanitizeTemplateHtml(html: string): string {
  const clean = sanitizer();
  let result = clean(html, OPTIONS);
  for (let pass = 0; pass < MAX_EXTRA_PASSES; pass++) {
    const again = clean(result, OPTIONS);
    if (again === result) break;
    result = again;
  }
  return result;
}

const MAX_EXTRA_PASSES = 3;

/**
 * The template without its links to `variable` (`<a href="{{order.confirmUrl}}">…</a>`, text and all):
 * a mail sent without the confirmation link leaves out the order template's button instead of
 * showing one that leads nowhere. Only removes; the result is sanitised as any template is.
 */
export function withoutLinksTo(html: string, variable: TemplateVariable): string {
  return sanitizer()(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    disallowedTagsMode: 'discard',
    exclusiveFilter: (frame) =>
      frame.tag === 'a' &&
      typeof frame.attribs.href === 'string' &&
      usesVariable(frame.attribs.href, variable),
  });
}

/**
 * A template body as it goes into a mail or preview: cleaned, variables filled (values escaped), and
 * cleaned again — a value such as 'javascript:…' filled into `href="{{customer.email}}"` needs no
 * escaping to be dangerous, so the filled HTML passes the sanitiser once more.
 */
export function renderTemplateHtml(content: string, data: TemplateData): string {
  return sanitizeTemplateHtml(fillTemplate(sanitizeTemplateHtml(content), data, 'html'));
}
