import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OutboxRow } from '../../db/schema';
import { formatDateTime } from '../../shared/dates';
import type { AppDeps } from '../deps';
import { notFound as notFoundError } from '../errors';
import { extractLinks, getOutboxMessage, listOutbox } from '../services/mail/outbox';
import { sendError } from './error-responses';

/**
 * The outbox viewer (ARCHITECTURE.md "The outbox"): with no SMTP_URL every mail is stored, and here
 * a developer (or an e2e test, through /dev/mail.json) reads it. With SMTP_URL set, every route
 * answers 404. A mail's HTML is shown in a sandboxed iframe (no scripts, no same-origin), so nothing
 * in a message can act on this page.
 */
export function registerDevMail(app: FastifyInstance, deps: AppDeps): void {
  const enabled = !deps.config.smtpUrl;
  const notFound = (reply: FastifyReply) => sendError(reply, notFoundError());

  app.get<{ Querystring: { to?: string } }>('/dev/mail.json', async (req, reply) => {
    if (!enabled) return notFound(reply);
    const rows = await listOutbox(deps.db, { to: req.query.to });
    reply.header('cache-control', 'no-store');
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      from: r.from,
      cc: r.cc,
      replyTo: r.replyTo,
      subject: r.subject,
      createdAt: r.createdAt.toISOString(),
      text: r.text,
      html: r.html,
      links: extractLinks(r.html, r.text),
      attachments: r.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    }));
  });

  app.get('/dev/mail', async (_req, reply) => {
    if (!enabled) return notFound(reply);
    const rows = await listOutbox(deps.db);
    return sendPage(reply, 'Outbox', renderList(rows));
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (req, reply) => {
    if (!enabled) return notFound(reply);
    const row = await getOutboxMessage(deps.db, req.params.id);
    if (!row) return notFound(reply);
    return sendPage(reply, row.subject, renderMessage(row));
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id/raw', async (req, reply) => {
    if (!enabled) return notFound(reply);
    const row = await getOutboxMessage(deps.db, req.params.id);
    if (!row) return notFound(reply);
    return reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', contentDisposition(`${row.id}.eml`))
      .header('cache-control', 'no-store')
      .send(row.raw);
  });

  app.get<{ Params: { id: string; n: string } }>('/dev/mail/:id/attachments/:n', async (req, reply) => {
    if (!enabled) return notFound(reply);
    const row = await getOutboxMessage(deps.db, req.params.id);
    const attachment = row && /^\d+$/.test(req.params.n) ? row.attachments[Number(req.params.n)] : undefined;
    if (!attachment) return notFound(reply);
    return reply
      .header('content-type', attachment.contentType || 'application/octet-stream')
      .header('content-disposition', contentDisposition(attachment.filename))
      .header('cache-control', 'no-store')
      .send(Buffer.from(attachment.contentBase64, 'base64'));
  });
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Always a download; the name kept readable but unable to break the header. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'bijlage';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #111827; background: #F9FAFB; }
  header { background: #1E40AF; color: #fff; padding: 12px 24px; }
  header a { color: #fff; text-decoration: none; font-weight: 600; }
  main { padding: 24px; max-width: 1100px; margin: 0 auto; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #E5E7EB; font-size: 14px; vertical-align: top; }
  th { background: #F3F4F6; }
  a { color: #1E40AF; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; font-size: 14px; }
  dt { font-weight: 600; color: #4B5563; }
  dd { margin: 0; }
  iframe { width: 100%; height: 640px; border: 1px solid #E5E7EB; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border: 1px solid #E5E7EB; padding: 12px; font-size: 13px; }
  .empty { color: #6B7280; }
  section { margin-top: 24px; }
  h2 { font-size: 16px; margin: 0 0 8px; }
`;

function sendPage(reply: FastifyReply, title: string, body: string) {
  const html = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Outbox</title><style>${STYLE}</style></head>
<body><header><a href="/dev/mail">Outbox</a> · e-mails die niet zijn verzonden (geen SMTP_URL)</header>
<main>${body}</main></body></html>`;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function renderList(rows: OutboxRow[]): string {
  if (rows.length === 0) return '<p class="empty">Nog geen e-mails in de outbox.</p>';
  const lines = rows
    .map(
      (r) => `<tr><td>${escapeHtml(formatDateTime(r.createdAt))}</td><td>${escapeHtml(r.to)}</td>
<td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td><td>${r.attachments.length || ''}</td></tr>`,
    )
    .join('\n');
  return `<h1>Outbox</h1><table><thead><tr><th>Tijd</th><th>Aan</th><th>Onderwerp</th><th>Bijlagen</th></tr></thead>
<tbody>${lines}</tbody></table>`;
}

function renderMessage(row: OutboxRow): string {
  const links = extractLinks(row.html, row.text);
  // Links inside the mail open in a new tab; the sandbox allows that and nothing else (no scripts).
  const srcdoc = `<base target="_blank">${row.html}`;
  const attachments = row.attachments.length
    ? `<ul>${row.attachments
        .map(
          (a, n) =>
            `<li><a href="/dev/mail/${row.id}/attachments/${n}">${escapeHtml(a.filename)}</a> (${escapeHtml(
              a.contentType,
            )}, ${formatSize(a.size)})</li>`,
        )
        .join('')}</ul>`
    : '<p class="empty">Geen bijlagen.</p>';
  return `<h1>${escapeHtml(row.subject)}</h1>
<dl>${row.from ? `<dt>Van</dt><dd>${escapeHtml(row.from)}</dd>` : ''}<dt>Aan</dt><dd>${escapeHtml(row.to)}</dd>${row.cc ? `<dt>Cc</dt><dd>${escapeHtml(row.cc)}</dd>` : ''}${row.replyTo ? `<dt>Antwoord aan</dt><dd>${escapeHtml(row.replyTo)}</dd>` : ''}
<dt>Tijd</dt><dd>${escapeHtml(formatDateTime(row.createdAt))}</dd>
<dt>Bron</dt><dd><a href="/dev/mail/${row.id}/raw">volledig bericht (.eml)</a></dd></dl>
<section><h2>Links</h2>${
    links.length
      ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l)}" target="_blank" rel="noopener noreferrer">${escapeHtml(l)}</a></li>`).join('')}</ul>`
      : '<p class="empty">Geen links.</p>'
  }</section>
<section><h2>Bijlagen</h2>${attachments}</section>
<section><h2>HTML</h2><iframe title="E-mail" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(srcdoc)}"></iframe></section>
<section><h2>Tekst</h2><pre>${escapeHtml(row.text)}</pre></section>`;
}
