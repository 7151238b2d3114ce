/**
 * Just enough MIME reading for tests of sent mail (nodemailer builds messages but does not parse them):
 * headers unfolded and their encoded words decoded, multipart bodies split, each part's content decoded
 * from quoted-printable or base64.
 */
export type MimePart = {
  headers: Record<string, string>;
  contentType: string;
  filename: string | undefined;
  /** The decoded body; text parts are UTF-8. */
  content: Buffer;
  text: string;
};

export type ParsedMail = {
  headers: Record<string, string>;
  /** The leaf parts, depth first (text, html, attachments). */
  parts: MimePart[];
  html: string;
  text: string;
  attachments: MimePart[];
};

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable': {
      const bytes: number[] = [];
      const text = body.replace(/=\n/g, '');
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, 'utf8');
  }
}

function leaves(raw: string): MimePart[] {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = param(contentType, 'boundary');
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`);
    return sections
      .slice(1)
      .filter((s) => !s.startsWith('--'))
      .flatMap((s) => leaves(s.replace(/^\n/, '')));
  }
  const content = decodeBody(body, headers['content-transfer-encoding']);
  return [
    {
      headers,
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      filename: param(headers['content-disposition'], 'filename') ?? param(contentType, 'name'),
      content,
      text: content.toString('utf8'),
    },
  ];
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = leaves(raw);
  const isAttachment = (p: MimePart) => /attachment/i.test(p.headers['content-disposition'] ?? '');
  return {
    headers,
    parts,
    html: parts.find((p) => p.contentType === 'text/html' && !isAttachment(p))?.text ?? '',
    text: parts.find((p) => p.contentType === 'text/plain' && !isAttachment(p))?.text ?? '',
    attachments: parts.filter(isAttachment),
  };
}
