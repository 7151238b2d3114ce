import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  invitations,
  orders,
  pdfFiles,
  pdfLinkTokens,
  rateLimits,
  sessions,
} from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { createSignedInUser } from '../../test/users';
import { RATE_LIMIT_WINDOW_MS } from './auth/rate-limit';
import { hashToken } from './auth/session-tokens';
import { sessionLifetimeMs } from './auth/sessions';
import { sweepExpired } from './housekeeping';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency/idempotency';
import { INVITATION_KEEP_DAYS, INVITATION_TTL_MS } from './organizations/invitations';
import { PDF_FILE_TTL_MS, storePdf } from './pdf/pdf-files';
import { createPdfLink, PDF_LINK_TTL_MS } from './pdf/pdf-links';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

describe('the scheduled clean-up (integration)', () => {
  it('removes what expired in every table, for every account, and keeps everything still valid', async () => {
    const db = database.db;
    const now = new Date();
    const a = await createSignedInUser(db, { now });
    // Signed in a day and a minute ago, without "remember me": expired a minute ago.
    const b = await createSignedInUser(db, { now: ago(now, sessionLifetimeMs(false) + 60_000) });

    const [order] = await db
      .insert(orders)
      .values({
        organizationId: a.user.id,
        orderNumber: 'INK-1',
        subtotal: '1.00',
        vat: '0.21',
        total: '1.21',
      })
      .returning({ id: orders.id });
    const file = (htmlHash: string) =>
      storePdf(
        db,
        {
          organizationId: a.user.id,
          orderId: order!.id,
          orderNumber: 'INK-1',
          htmlHash,
          content: Buffer.from('%PDF-1.7'),
        },
        now,
      );
    const oldFile = await file('oud');
    const freshFile = await file('nieuw');
    await db
      .update(pdfFiles)
      .set({ createdAt: ago(now, PDF_FILE_TTL_MS + 1000) })
      .where(eq(pdfFiles.id, oldFile.id));
    const deadLink = await createPdfLink(db, freshFile.id, ago(now, PDF_LINK_TTL_MS + 1000));
    const liveLink = await createPdfLink(db, freshFile.id, now);

    const ratePrefix = `test-sweep:${now.getTime()}`;
    await db.insert(rateLimits).values([
      { key: `${ratePrefix}:old`, windowStart: ago(now, RATE_LIMIT_WINDOW_MS + 1000), count: 3 },
      { key: `${ratePrefix}:current`, windowStart: ago(now, 1000), count: 3 },
    ]);
    const key = (k: string, createdAt: Date) => ({
      organizationId: b.user.id,
      key: k,
      operation: 'orders.create',
      requestHash: 'h',
      state: 'done' as const,
      response: '{}',
      createdAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([key('oud', ago(now, IDEMPOTENCY_WINDOW_MS + 60_000)), key('nieuw', ago(now, 60_000))]);

    // Invitations: over (accepted, withdrawn, expired) for longer than they are kept go; the rest stay,
    // an open one however old it was sent as long as it has not been expired that long.
    const keep = INVITATION_KEEP_DAYS * 24 * 3_600_000;
    const invitation = (
      email: string,
      sentAt: Date,
      over: { acceptedAt?: Date; withdrawnAt?: Date } = {},
    ) => ({
      organizationId: a.organization.id,
      email,
      role: 'member' as const,
      tokenHash: `hash-${email}-${now.getTime()}`,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_MS),
      ...over,
    });
    const longAgo = ago(now, keep + INVITATION_TTL_MS + 60_000);
    await db.insert(invitations).values([
      invitation('geaccepteerd-oud@voorbeeld.nl', ago(now, keep + 120_000), {
        acceptedAt: ago(now, keep + 60_000),
      }),
      invitation('geaccepteerd-recent@voorbeeld.nl', ago(now, keep + 120_000), {
        acceptedAt: ago(now, keep - 60_000),
      }),
      invitation('ingetrokken-oud@voorbeeld.nl', ago(now, keep + 120_000), {
        withdrawnAt: ago(now, keep + 60_000),
      }),
      invitation('verlopen-oud@voorbeeld.nl', longAgo),
      invitation('verlopen-recent@voorbeeld.nl', ago(now, keep + INVITATION_TTL_MS - 60_000)),
      // Withdrawn lately, long after it expired: kept from its withdrawal on.
      invitation('laat-ingetrokken@voorbeeld.nl', longAgo, { withdrawnAt: ago(now, keep - 60_000) }),
      invitation('open@voorbeeld.nl', now),
    ]);

    const removed = await sweepExpired(db, now);

    expect(removed).toMatchObject({ pdfFiles: 1, pdfLinkTokens: 1, idempotencyKeys: 1, invitations: 3 });
    const invited = await db
      .select({ email: invitations.email })
      .from(invitations)
      .where(eq(invitations.organizationId, a.organization.id));
    expect(invited.map((i) => i.email).sort()).toEqual([
      'geaccepteerd-recent@voorbeeld.nl',
      'laat-ingetrokken@voorbeeld.nl',
      'open@voorbeeld.nl',
      'verlopen-recent@voorbeeld.nl',
    ]);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    const files = await db.select({ id: pdfFiles.id }).from(pdfFiles).where(eq(pdfFiles.orderId, order!.id));
    expect(files.map((f) => f.id)).toEqual([freshFile.id]);
    const links = await db.select({ hash: pdfLinkTokens.tokenHash }).from(pdfLinkTokens);
    expect(links.map((l) => l.hash)).toContain(hashToken(liveLink));
    expect(links.map((l) => l.hash)).not.toContain(hashToken(deadLink));
    const left = await db
      .select({ organizationId: sessions.organizationId })
      .from(sessions)
      .where(inArray(sessions.organizationId, [a.user.id, b.user.id]));
    expect(left.map((s) => s.organizationId)).toEqual([a.user.id]);
    const windows = await db.select({ key: rateLimits.key }).from(rateLimits);
    expect(windows.map((w) => w.key).filter((k) => k.startsWith(ratePrefix))).toEqual([
      `${ratePrefix}:current`,
    ]);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, b.user.id));
    expect(keys.map((k) => k.key)).toEqual(['nieuw']);

    // Nothing left to remove: a second run removes nothing.
    expect(await sweepExpired(db, now)).toEqual({
      pdfFiles: 0,
      pdfLinkTokens: 0,
      sessions: 0,
      loginChallenges: 0,
      rateLimits: 0,
      idempotencyKeys: 0,
      auditLog: 0,
      invitations: 0,
    });
  });
});
