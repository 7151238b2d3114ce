import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmations, orders } from '../../../../db/schema';
import { createTestClock, DAY_MS } from '../../../../test/clock';
import { openTestDatabase, type TestDatabase } from '../../../../test/db';
import { solidImage } from '../../../../test/logo-images';
import { insertCustomer, parsedOrder } from '../../../../test/orders-fixtures';
import { createSignedInUser } from '../../../../test/users';
import { saveLogo } from '../../logo/logos';
import { createOrder } from '../orders';
import { confirmationLogo } from './public';
import { confirmationTokenHash, newConfirmationToken } from './token';

/**
 * The seller's logo for the public order page: found by the link alone, only while the link still
 * opens its order, and always the logo of the organisation that sent that order.
 */
describe('confirmationLogo (integration)', () => {
  let database: TestDatabase;
  const clock = createTestClock(Date.UTC(2026, 10, 28, 9));
  const deps = () => ({ db: database.db, now: clock.now });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** An organisation (with a logo of this size, or none) and a sent order with a link. */
  async function sentOrder(logo: [number, number] | null) {
    const owner = await createSignedInUser(database.db);
    const organizationId = owner.organization.id;
    const saved = logo
      ? await saveLogo(
          database.db,
          organizationId,
          { content: await solidImage(logo[0], logo[1], 'png'), contentType: 'image/png' },
          clock.now(),
        )
      : null;
    const customer = await insertCustomer(database.db, organizationId);
    const order = await createOrder(database.db, organizationId, parsedOrder(customer.id), clock.now());
    const token = newConfirmationToken();
    const [link] = await database.db
      .insert(orderConfirmations)
      .values({
        organizationId,
        orderId: order.id,
        tokenHash: confirmationTokenHash(token),
        versionHash: 'v1',
        document: {},
        sentAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 90 * DAY_MS),
      })
      .returning();
    return { token, link: link!, orderId: order.id, version: saved?.version ?? null };
  }

  it('gives the logo of the organisation that sent the order, by the link alone', async () => {
    const a = await sentOrder([400, 100]);
    const b = await sentOrder([300, 150]);
    const logoA = await confirmationLogo(deps(), a.token);
    const logoB = await confirmationLogo(deps(), b.token);
    expect(logoA?.hash).toBe(a.version);
    expect(logoB?.hash).toBe(b.version);
    expect(logoA?.hash).not.toBe(logoB?.hash);
    expect(logoA?.contentType).toBe('image/png');
    expect([logoA?.width, logoA?.height]).toEqual([400, 100]);
  });

  it('gives none for an unknown link, or a seller without a logo', async () => {
    expect(await confirmationLogo(deps(), 'tok-unknown')).toBeNull();
    const plain = await sentOrder(null);
    expect(await confirmationLogo(deps(), plain.token)).toBeNull();
  });

  it('keeps giving it once the order is answered', async () => {
    const sent = await sentOrder([400, 100]);
    await database.db
      .update(orderConfirmations)
      .set({ decision: 'accepted', respondedAt: clock.now(), respondentName: 'Sanne' })
      .where(eq(orderConfirmations.id, sent.link.id));
    expect((await confirmationLogo(deps(), sent.token))?.hash).toBe(sent.version);
  });

  it('gives none once the link is replaced, expired on the app’s clock, or its order cancelled', async () => {
    const replaced = await sentOrder([400, 100]);
    await database.db
      .update(orderConfirmations)
      .set({ replacedAt: clock.now() })
      .where(eq(orderConfirmations.id, replaced.link.id));
    expect(await confirmationLogo(deps(), replaced.token)).toBeNull();

    const cancelled = await sentOrder([400, 100]);
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    expect(await confirmationLogo(deps(), cancelled.token)).toBeNull();

    const expiring = await sentOrder([400, 100]);
    expect(await confirmationLogo(deps(), expiring.token)).not.toBeNull();
    const later = { db: database.db, now: () => new Date(expiring.link.expiresAt.getTime()) };
    expect(await confirmationLogo(later, expiring.token)).toBeNull();
  });
});
