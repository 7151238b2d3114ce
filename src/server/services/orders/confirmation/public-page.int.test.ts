import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmations, orders } from '../../../../db/schema';
import { confirmationMessages } from '../../../../shared/schemas/order-confirmation';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import { createTestClock } from '../../../../test/clock';
import { insertConfirmation } from '../../../../test/confirmations';
import { openTestDatabase, type TestDatabase } from '../../../../test/db';
import { solidImage } from '../../../../test/logo-images';
import { insertCustomer, parsedOrder } from '../../../../test/orders-fixtures';
import { createSignedInUser } from '../../../../test/users';
import { saveLogo } from '../../logo/logos';
import { findCompany } from '../../organizations/company';
import { createOrder } from '../orders';
import { confirmationDocumentOf } from './document';
import { confirmationLogo, readConfirmationPage, readPublicConfirmation } from './public';
import { newConfirmationToken } from './token';

/**
 * What the public order page reads in its one query (readConfirmationPage: the order as sent with the
 * link, as readPublicConfirmation gives it, and the seller's logo's meta), and the logo route's own
 * read (confirmationLogo, with the image): found by the link alone, only while the link still opens its
 * order, and always the logo of the organisation that sent that order. The two follow one rule.
 */
describe('the order page and its seller’s logo (integration)', () => {
  let database: TestDatabase;
  const clock = createTestClock(Date.UTC(2026, 10, 28, 9));
  const deps = () => ({ db: database.db, now: clock.now });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** An organisation (with a logo of this size, or none) and an order sent with a link, as a send records it. */
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
    const seller = await findCompany(database.db, organizationId);
    const link = await insertConfirmation(database.db, {
      organizationId,
      orderId: order.id,
      sentAt: clock.now(),
      document: confirmationDocumentOf(order, seller!, DEFAULT_PDF_SETTINGS),
    });
    return { token: link.token, link, order, logo: saved };
  }

  it('gives a waiting link’s order as the JSON route reads it, with its own seller’s logo', async () => {
    const a = await sentOrder([400, 100]);
    const b = await sentOrder([300, 150]);
    const pageA = await readConfirmationPage(deps(), a.token);
    expect(pageA.view).toEqual(await readPublicConfirmation(deps(), a.token));
    expect(pageA.view).toMatchObject({ orderNumber: a.order.orderNumber, state: 'waiting' });
    // The page gets the meta only: it never needs the image's bytes, which the logo route sends.
    expect(pageA.logo).toEqual({ hash: a.logo!.version, width: 400, height: 100 });
    expect((await readConfirmationPage(deps(), b.token)).logo).toEqual({
      hash: b.logo!.version,
      width: 300,
      height: 150,
    });
    const imageA = await confirmationLogo(deps(), a.token);
    const imageB = await confirmationLogo(deps(), b.token);
    expect(imageA).toMatchObject({
      hash: a.logo!.version,
      contentType: 'image/png',
      width: 400,
      height: 100,
    });
    expect(imageA?.content.length).toBeGreaterThan(0);
    expect(imageB?.hash).toBe(b.logo!.version);
  });

  it('gives no logo for a seller without one, and keeps giving it once the order is answered', async () => {
    const plain = await sentOrder(null);
    const page = await readConfirmationPage(deps(), plain.token);
    expect(page.logo).toBeNull();
    expect(page.view.orderNumber).toBe(plain.order.orderNumber);
    expect(await confirmationLogo(deps(), plain.token)).toBeNull();

    const answered = await sentOrder([400, 100]);
    await database.db
      .update(orderConfirmations)
      .set({ decision: 'accepted', respondedAt: clock.now(), respondentName: 'Sanne' })
      .where(eq(orderConfirmations.id, answered.link.id));
    const after = await readConfirmationPage(deps(), answered.token);
    expect(after.view.state).toBe('answered');
    expect(after.logo?.hash).toBe(answered.logo!.version);
    expect((await confirmationLogo(deps(), answered.token))?.hash).toBe(answered.logo!.version);
  });

  it('is the 404 for an unknown or malformed token, whose logo is none', async () => {
    for (const token of [newConfirmationToken(), 'tok-unknown']) {
      await expect(readConfirmationPage(deps(), token), token).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: confirmationMessages.notFound,
      });
      expect(await confirmationLogo(deps(), token), token).toBeNull();
    }
  });

  it('is gone for a cancelled order, whose logo is none', async () => {
    const cancelled = await sentOrder([400, 100]);
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
    await expect(readConfirmationPage(deps(), cancelled.token)).rejects.toMatchObject({
      name: 'ConfirmationGoneError',
      reason: 'cancelled',
    });
    expect(await confirmationLogo(deps(), cancelled.token)).toBeNull();
  });

  it('shows a replaced or expired (on the app’s clock) link’s order with its state, and no logo', async () => {
    const replaced = await sentOrder([400, 100]);
    await database.db
      .update(orderConfirmations)
      .set({ replacedAt: clock.now() })
      .where(eq(orderConfirmations.id, replaced.link.id));
    expect(await readConfirmationPage(deps(), replaced.token)).toMatchObject({
      view: { state: 'replaced' },
      logo: null,
    });
    expect(await confirmationLogo(deps(), replaced.token)).toBeNull();

    const expiring = await sentOrder([400, 100]);
    expect((await readConfirmationPage(deps(), expiring.token)).logo).not.toBeNull();
    expect(await confirmationLogo(deps(), expiring.token)).not.toBeNull();
    const later = { db: database.db, now: () => new Date(expiring.link.expiresAt.getTime()) };
    expect(await readConfirmationPage(later, expiring.token)).toMatchObject({
      view: { state: 'expired' },
      logo: null,
    });
    expect(await confirmationLogo(later, expiring.token)).toBeNull();
  });
});
