/**
 * Just enough MIME to read back what nodemailer wrote, for tests: unfolded and decoded headers
 * (RFC 2047 encoded words), multipart bodies split into their leaf parts, each part's body decoded
 * (base64, quoted-printable). Not a general parser: it reads well-formed mail such as nodemailer's.
 */

export type MimePart = {
  headers: Map<string, string>;
  /** e.g. 'text/plain', 'application/pdf' (lower case, without parameters). */
  contentType: string;
  /** The attachment's file name, when it has one. */
  filename: string | undefined;
  body: Buffer;
};

export type ParsedMail = {
  /** The top-level headers, names lower-cased, values unfolded and decoded. */
  headers: Map<string, string>;
  /** Every leaf part (text, html, attachments), in order. */
  parts: MimePart[];
  /** The decoded text/plain and text/html bodies ('' when absent). */
  text: string;
  html: string;
  attachments: MimePart[];
};

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= words, the whitespace between two of them dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes);
    });
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

const param = (header: string | undefined, name: string) =>
  header ? new RegExp(`${name}\\*?=("?)([^";]+)\\1`, 'i').exec(header)?.[2] : undefined;

function leafParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const contentType = type.split(';')[0]!.trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`);
    // Before the first boundary is the preamble; from '--' on the epilogue.
    return sections
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .flatMap((s) => leafParts(s.replace(/^\r?\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content = body.replace(/\r?\n$/, '');
  const decoded =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : Buffer.from(content, 'utf8');
  const filename = param(headers.get('content-disposition'), 'filename') ?? param(type, 'name');
  return [{ headers, contentType, filename: filename ? decodeWords(filename) : undefined, body: decoded }];
}

export function parseMail(raw: string): ParsedMail {
  const headers = parseHeaders(splitHead(raw).head);
  const parts = leafParts(raw);
  const isAttachment = (p: MimePart) =>
    p.filename !== undefined || (p.headers.get('content-disposition') ?? '').startsWith('attachment');
  const textOf = (type: string) =>
    parts.find((p) => p.contentType === type && !isAttachment(p))?.body.toString('utf8') ?? '';
  return {
    headers,
    parts,
    text: textOf('text/plain'),
    html: textOf('text/html'),
    attachments: parts.filter(isAttachment),
  };
}
