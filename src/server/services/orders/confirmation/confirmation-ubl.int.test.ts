import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../../db/schema';
import { DEFAULT_PDF_SETTINGS } from '../../../../shared/schemas/pdf-settings';
import { createTestClock } from '../../../../test/clock';
import { insertConfirmation } from '../../../../test/confirmations';
import { testDeps } from '../../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../../test/db';
import { createCapturingMailer } from '../../../../test/mailer';
import { insertCustomer, parsedOrder } from '../../../../test/orders-fixtures';
import { fatalIds, ublValues, validatePeppolOrder } from '../../../../test/peppol/validate';
import { createSignedInUser } from '../../../../test/users';
import { findCompany } from '../../organizations/company';
import { createOrder } from '../orders';
import { type ConfirmationDocument, confirmationDocumentOf } from './document';
import { confirmationFile, readPublicConfirmation } from './public';

const BUYER = 'cac:BuyerCustomerParty/cac:Party';

/**
 * The UBL file a customer downloads from their link is made from the document the send stored, not
 * from the order as it is now: its customer is addressed by the KVK number that document holds, and
 * a document stored before the snapshot kept the number is addressed by its BTW number.
 */
describe('the UBL file of a confirmation link (integration)', () => {
  let database: TestDatabase;
  const clock = createTestClock(Date.UTC(2026, 10, 28, 9));
  const deps = () => testDeps(database.db, createCapturingMailer(), undefined, clock.now);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A company that can be addressed, and an order for this customer sent with a link storing `document`. */
  async function sentOrder(
    customerFields: { kvkNumber?: string; btwNumber?: string },
    stored: (document: ConfirmationDocument) => ConfirmationDocument = (d) => d,
  ) {
    const owner = await createSignedInUser(database.db);
    const organizationId = owner.organization.id;
    await database.db
      .update(organizations)
      .set({ address: 'Havenstraat 14', postalCode: '1011 AB', city: 'Amsterdam', kvkNumber: '34123456' })
      .where(eq(organizations.id, organizationId));
    const customer = await insertCustomer(database.db, organizationId, customerFields);
    const order = await createOrder(database.db, organizationId, parsedOrder(customer.id), clock.now());
    const seller = await findCompany(database.db, organizationId);
    const { token } = await insertConfirmation(database.db, {
      organizationId,
      orderId: order.id,
      sentAt: clock.now(),
      document: stored(confirmationDocumentOf(order, seller!, DEFAULT_PDF_SETTINGS)),
    });
    return token;
  }

  const ublOf = async (token: string) => {
    const file = await confirmationFile(deps(), token, 'ubl');
    expect(file.contentType).toBe('application/xml');
    return file.content.toString('utf8');
  };

  it('addresses a customer with only a KVK number by it (0106), valid by the rules', async () => {
    const token = await sentOrder({ kvkNumber: '69599084' });
    const xml = await ublOf(token);
    expect(ublValues(xml, `${BUYER}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual(['0106:69599084']);
    expect(ublValues(xml, `${BUYER}/cac:PartyLegalEntity/cbc:CompanyID/concat(@schemeID, ':', .)`)).toEqual([
      '0106:69599084',
    ]);
    expect(fatalIds(validatePeppolOrder(xml))).toEqual([]);
    // The page shows the customer as the PDF does: without the KVK number.
    expect((await readPublicConfirmation(deps(), token)).customer).not.toHaveProperty('kvkNumber');
  });

  it('addresses the customer of a document stored before the snapshot kept the KVK number by its BTW number', async () => {
    const token = await sentOrder({ kvkNumber: '69599084', btwNumber: 'NL987654321B01' }, (document) => {
      const { kvkNumber: _, ...before } = document.order.customerSnapshot!;
      return { ...document, order: { ...document.order, customerSnapshot: before } };
    });
    const xml = await ublOf(token);
    expect(ublValues(xml, `${BUYER}/cbc:EndpointID/concat(@schemeID, ':', .)`)).toEqual([
      '9944:NL987654321B01',
    ]);
    expect(ublValues(xml, `${BUYER}/cac:PartyLegalEntity/cbc:CompanyID`)).toEqual([]);
    expect(fatalIds(validatePeppolOrder(xml))).toEqual([]);
  });
});
