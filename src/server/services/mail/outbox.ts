import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type OutboxAttachment, type OutboxRow, outbox } from '../../../db/schema';
import { isUuid } from '../../db-helpers';
import type { MailMessage } from './message';

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Every http(s) link of a message: the html's hrefs first, then bare URLs in the text, each once. */
export function extractLinks(html: string, text: string): string[] {
  const links = new Set<string>();
  for (const m of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    const href = decodeEntities(m[1] ?? '');
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'\])]+/gi)) links.add(m[0]);
  return [...links];
}

/** `from` as it went out (display name and address), `raw` the whole MIME message. */
export type StoredMessage = MailMessage & { from: string; raw: string };

export async function storeOutboxMessage(db: DbOrTx, message: StoredMessage): Promise<OutboxRow> {
  const attachments: OutboxAttachment[] = (message.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.length,
    contentBase64: a.content.toString('base64'),
  }));
  const [row] = await db
    .insert(outbox)
    .values({
      from: message.from,
      to: message.to,
      cc: message.cc ?? null,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments,
      raw: message.raw,
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/** Newest first; `to` keeps only messages whose recipient contains it (case-insensitive). */
export async function listOutbox(
  db: DbOrTx,
  opts: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxRow[]> {
  const to = opts.to?.trim();
  return db
    .select()
    .from(outbox)
    .where(to ? sql`strpos(lower(${outbox.to}), ${to.toLowerCase()}) > 0` : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(opts.limit ?? 200);
}

export async function getOutboxMessage(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}
