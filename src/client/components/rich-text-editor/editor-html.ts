/**
 * The message HTML as the formatted editor may show it. The editor is part of the app's own page
 * (not a sandboxed frame like the preview), so what it is given must not be able to run or load
 * anything there: the HTML is parsed into an inert document (DOMParser runs no script and loads no
 * image) and only the formatting tags and safe attributes are kept. The server still cleans the HTML
 * it sends by its own, wider rules; this is only what the editor can hold.
 */

const KEPT_TAGS = new Set([
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img'],
]);

/** Dropped with everything inside them (their text is no message text). */
const DROPPED_WITH_CONTENT = new Set([
  ...['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'select', 'head'],
  ...['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'form', 'button'],
]);

const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'align', 'style', 'width', 'height']);
const KEPT_ATTRIBUTES_BY_TAG: Record<string, readonly string[]> = {
  td: ['colspan', 'rowspan', 'valign'],
  th: ['colspan', 'rowspan', 'valign', 'scope'],
  table: ['border', 'cellpadding', 'cellspacing'],
  ol: ['start', 'type'],
  col: ['span'],
};

/** A template variable such as {{customer.email}}: filled in when the mail is sent. */
const VARIABLE = /^\{\{\s*[\w.]+\s*\}\}$/;

/** Whether a link target may stay: a web or mail address, or a variable filled in on sending. */
export function isSafeLink(href: string): boolean {
  const value = href.trim();
  return VARIABLE.test(value) || /^(?:https?:\/\/|mailto:)/i.test(value);
}

const isSafeImage = (src: string) => /^https:\/\//i.test(src.trim());

// Inline styles stay (colours, alignment); nothing that loads or evaluates something.
const isSafeStyle = (style: string) => !/url\s*\(|expression\s*\(|@import|\\|javascript:/i.test(style);

function cleanElement(element: Element): void {
  for (const child of Array.from(element.children)) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    cleanElement(child);
    if (!KEPT_TAGS.has(tag)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const allowed = KEPT_ATTRIBUTES_BY_TAG[tag] ?? [];
    for (const { name, value } of Array.from(child.attributes)) {
      const keep =
        (KEPT_ATTRIBUTES.has(name) || allowed.includes(name)) &&
        (name !== 'href' || (tag === 'a' && isSafeLink(value))) &&
        (name !== 'src' || (tag === 'img' && isSafeImage(value))) &&
        (name !== 'style' || isSafeStyle(value));
      if (!keep) child.removeAttribute(name);
    }
    if (tag === 'img' && !child.getAttribute('src')) child.remove();
  }
  // Comments and processing instructions carry nothing a reader sees.
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.TEXT_NODE) node.remove();
  }
}

/** `html` with everything but formatting removed, ready for the editor's innerHTML. */
export function editorHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanElement(doc.body);
  return doc.body.innerHTML;
}

/** What the editor holds as the message: '' when it shows nothing (an empty editor leaves a <br>). */
export function messageOf(editor: HTMLElement): string {
  const empty = editor.textContent?.trim() === '' && !editor.querySelector('img, hr, table');
  return empty ? '' : editor.innerHTML;
}

/** The address typed into the link field, as a link target: 'example.nl' becomes 'https://example.nl'. */
export function linkTarget(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  if (isSafeLink(value)) return value;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^[\w-]+(?:\.[\w-]+)+(?:[/?#]\S*)?$/.test(value)) return `https://${value}`;
  return null;
}
