import sampler from 'openapi-sampler';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { approvalMessages } from '../../shared/schemas/approval';
import { operationsOf } from './api-conventions';

/**
 * An example for every request body and every JSON answer of the document, so an
 * integrator sees what to send and what comes back. The order and the customer, which most calls
 * carry, are written out whole and add up (3 × 199,99 + 21 % btw); everything else is sampled from
 * its schema with realistic values per field name (FIELD_EXAMPLES). The linter checks each example
 * against its schema (openapi-lint.test.ts), so they cannot drift from what the API answers.
 */

const CUSTOMER_ID = '3f6c1f7e-8a52-4c1d-9a3e-2b7d4e5f6a10';
const ORDER_ID = '9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34';
const WHEN = '2026-11-24T09:15:00.000Z';
/** The member who made and last changed the example objects. */
const MEMBER = { id: '7c4a2e19-5b3d-4f6a-9e21-8d0b3c5f1a72', name: 'Jan de Vries' };

const CUSTOMER = {
  _id: CUSTOMER_ID,
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  contactPerson: 'Petra Jansen',
  email: 'inkoop@jansenbouw.nl',
  phone: '+31 30 123 4567',
  address: 'Bouwstraat 12',
  postalCode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '12345678',
  btwNumber: 'NL812345678B01',
  active: true,
  createdAt: WHEN,
  updatedAt: WHEN,
  createdBy: MEMBER,
  updatedBy: MEMBER,
};

const CUSTOMER_INPUT = {
  name: 'Petra Jansen',
  company: 'Jansen Bouw B.V.',
  email: 'inkoop@jansenbouw.nl',
  phone: '030 123 4567',
  address: 'Bouwstraat 12',
  postalCode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '12345678',
  btwNumber: 'NL812345678B01',
  active: true,
};

const DELIVERY_ADDRESS = {
  name: 'Jansen Bouw B.V., bouwplaats Havenkwartier',
  address: 'Havenweg 4',
  postalCode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
};

const ORDER_INPUT = {
  customer: CUSTOMER_ID,
  date: '2026-11-24',
  project: 'Verbouwing kantoor',
  reference: 'PO-2026-118',
  items: [
    { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 199.99, vat: 21 },
    { description: 'Montage', quantity: '2,5', unit: 'uur', price: '45,50', vat: 21 },
  ],
  status: 'concept',
  paymentTerm: 30,
  btwVerlegd: false,
  deliveryDate: '2026-12-07',
  deliveryAddress: DELIVERY_ADDRESS,
  notes: 'Graag vooraf bellen; levering via de achteringang.',
};

const ORDER = {
  _id: ORDER_ID,
  orderNumber: 'INK-2026-1001',
  date: '2026-11-23T23:00:00.000Z',
  project: 'Verbouwing kantoor',
  reference: 'PO-2026-118',
  paymentTerm: 30,
  status: 'concept',
  btwVerlegd: false,
  customer: CUSTOMER_ID,
  customerName: 'Petra Jansen',
  customerCompany: 'Jansen Bouw B.V.',
  customerSnapshot: {
    name: 'Petra Jansen',
    company: 'Jansen Bouw B.V.',
    contactPerson: 'Petra Jansen',
    email: 'inkoop@jansenbouw.nl',
    address: 'Bouwstraat 12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    country: 'Nederland',
    kvkNumber: '12345678',
    btwNumber: 'NL123456789B01',
  },
  deliveryDate: '2026-12-07',
  deliveryAddress: DELIVERY_ADDRESS,
  deliveryAddressSource: 'order',
  notes: 'Graag vooraf bellen; levering via de achteringang.',
  subtotal: 713.72,
  vat: 149.88,
  total: 863.6,
  createdAt: WHEN,
  updatedAt: WHEN,
  createdBy: MEMBER,
  updatedBy: MEMBER,
  items: [
    { description: 'Bureaustoel', quantity: 3, unit: 'stuk', price: 199.99, vat: 21, total: 599.97 },
    { description: 'Montage', quantity: 2.5, unit: 'uur', price: 45.5, vat: 21, total: 113.75 },
  ],
  vatByRate: [{ rate: 21, base: 713.72, vat: 149.88 }],
};

/** An approver other than the author, who approved the example order. */
const APPROVER = { id: '2e8b5c13-7d4a-4f09-a6c2-5b1e9d3f7a48', name: 'Eva Smit' };

/** The example order needed approval and got it, before it was sent. */
const APPROVED = {
  state: 'approved',
  requestedBy: MEMBER,
  requestedAt: '2026-11-24T09:20:00.000Z',
  note: 'Offerte is al mondeling akkoord.',
  decidedBy: APPROVER,
  decidedAt: '2026-11-24T10:05:00.000Z',
  reason: null,
};

/** The customer accepted the example order on the page its e-mail linked to. */
const ACCEPTED = {
  decision: 'accepted',
  respondedAt: '2026-11-25T08:12:00.000Z',
  respondentName: 'Petra Jansen',
  note: 'Akkoord, graag levering zoals gepland.',
  deliveryDate: null,
  lines: [],
};

const ORDER_WITH_EMAILS = {
  ...ORDER,
  status: 'sent',
  approval: APPROVED,
  emails: [
    {
      sentAt: WHEN,
      recipient: 'inkoop@jansenbouw.nl',
      cc: null,
      subject: 'Inkooporder INK-2026-1001',
      includePdf: true,
      includeUbl: false,
      customerResponse: ACCEPTED,
    },
  ],
  customerResponse: ACCEPTED,
  confirmation: {
    sentAt: WHEN,
    expiresAt: '2027-02-22T10:30:00.000Z',
    state: 'answered',
    changesAppliedAt: null,
  },
};

/** The customer asked for one chair less and no assembly; the seller took that over. */
const CHANGES_REQUESTED = {
  decision: 'changes_requested',
  respondedAt: '2026-11-25T08:12:00.000Z',
  respondentName: 'Petra Jansen',
  note: 'Montage doen we zelf.',
  deliveryDate: null,
  lines: [
    { lineIndex: 0, status: 'changed', quantity: 2, deliveryDate: '2026-12-10' },
    { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
  ],
};

const ORDER_CHANGES_TAKEN_OVER = {
  ...ORDER_WITH_EMAILS,
  deliveryDate: '2026-12-10',
  subtotal: 399.98,
  vat: 84,
  total: 483.98,
  updatedAt: '2026-11-25T09:00:00.000Z',
  items: [{ description: 'Bureaustoel', quantity: 2, unit: 'stuk', price: 199.99, vat: 21, total: 399.98 }],
  vatByRate: [{ rate: 21, base: 399.98, vat: 84 }],
  approval: {
    ...APPROVED,
    state: 'required',
    requestedBy: null,
    requestedAt: null,
    note: null,
    decidedBy: null,
    decidedAt: null,
  },
  emails: [{ ...ORDER_WITH_EMAILS.emails[0], customerResponse: CHANGES_REQUESTED }],
  customerResponse: CHANGES_REQUESTED,
  confirmation: { ...ORDER_WITH_EMAILS.confirmation, changesAppliedAt: '2026-11-25T09:00:00.000Z' },
};

/** A customer's change request as POST /public/confirm/{token} records it. */
const CUSTOMER_RESPONSE = {
  decision: 'changes_requested',
  respondedAt: WHEN,
  respondentName: 'Petra Jansen',
  note: 'De montage doen we zelf; de stoelen graag een week later.',
  deliveryDate: null,
  lines: [
    { lineIndex: 0, status: 'changed', quantity: 4, deliveryDate: '2026-03-20' },
    { lineIndex: 1, status: 'rejected', quantity: null, deliveryDate: null },
  ],
};

/** A TOTP key as POST /auth/two-factor/setup makes one (20 bytes, base32). */
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Orders from € 5.000 excl. btw by members need approval; everyone signs in in two steps. */
const ORGANIZATION_SETTINGS = { approvalThreshold: 5000, approvalForAdmins: false, twoFactorRequired: true };

/** Whole examples by operationId; `request` for the body, `response` for the 2xx answer. */
const BY_OPERATION: Record<string, { request?: unknown; response?: unknown }> = {
  'organizationSettings-get': { response: ORGANIZATION_SETTINGS },
  'organizationSettings-update': { request: ORGANIZATION_SETTINGS, response: ORGANIZATION_SETTINGS },
  'customers-list': { response: [CUSTOMER] },
  'customers-get': { response: CUSTOMER },
  'customers-create': { request: CUSTOMER_INPUT, response: CUSTOMER },
  'customers-update': { request: CUSTOMER_INPUT, response: CUSTOMER },
  'orders-list': { response: [ORDER] },
  'orders-get': { response: ORDER_WITH_EMAILS },
  'orders-create': { request: ORDER_INPUT, response: ORDER },
  'orders-update': { request: ORDER_INPUT, response: ORDER },
  'orders-duplicate': { response: ORDER },
  'orderCustomerResponse-takeOver': { response: ORDER_CHANGES_TAKEN_OVER },
  'orderApprovals-request': {
    request: { note: 'Offerte is al mondeling akkoord.' },
    response: {
      success: true,
      message: approvalMessages.requested,
      approval: { ...APPROVED, state: 'requested', decidedBy: null, decidedAt: null },
    },
  },
  'orderApprovals-approve': {
    response: { success: true, message: approvalMessages.approved, approval: APPROVED },
  },
  'orderApprovals-reject': {
    request: { reason: 'Graag eerst een tweede offerte vragen.' },
    response: {
      success: true,
      message: approvalMessages.rejected,
      approval: { ...APPROVED, state: 'rejected', reason: 'Graag eerst een tweede offerte vragen.' },
    },
  },
  'publicConfirm-answer': {
    request: {
      decision: 'change',
      name: 'Petra Jansen',
      note: 'De montage doen we zelf; de stoelen graag een week later.',
      lines: [
        { lineIndex: 0, status: 'changed', quantity: 4, deliveryDate: '2026-03-20' },
        { lineIndex: 1, status: 'rejected' },
      ],
    },
    response: CUSTOMER_RESPONSE,
  },
  // A code or a recovery code, never both: the example sends the code.
  'auth-loginTwoFactor': { request: { challenge: 'mfrggzdfmztwq2lknnwg23tpobyxe43u', code: '492039' } },
  'auth-twoFactorSetup': {
    response: {
      secret: TOTP_SECRET,
      otpauthUrl: `otpauth://totp/Inkooporders:jan%40devries-installatie.nl?issuer=Inkooporders&secret=${TOTP_SECRET}&algorithm=SHA1&digits=6&period=30`,
    },
  },
  'auth-twoFactorEnable': {
    request: { code: '492039' },
    response: {
      recoveryCodes: [
        'k7m2p-x9q4r',
        'a3fh8-nw2ke',
        'q9tz4-mr7bx',
        'e2vd6-hp3ya',
        'w8cn5-tj4gu',
        'r6mx2-dk9pf',
        'y4bq7-sa3zn',
        'g5hu9-ev2tc',
        'p3wk8-xq6mj',
        'n7ra4-fy5hd',
      ],
    },
  },
};

/** What a field of this name looks like, where its schema gives no example of its own. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  _id: ORDER_ID,
  id: ORDER_ID,
  customer: CUSTOMER_ID,
  templateId: '5d1e7a90-3b64-4c2f-b8a1-0e9f2d7c6b45',
  orderNumber: 'INK-2026-1001',
  nextOrderNumber: 'INK-2026-1002',
  name: 'Jan de Vries',
  company: 'De Vries Installatietechniek',
  contactPerson: 'Jan de Vries',
  email: 'jan@devries-installatie.nl',
  recipient: 'inkoop@jansenbouw.nl',
  ccEmail: 'administratie@devries-installatie.nl',
  phone: '+31 20 123 4567',
  address: 'Keizersgracht 100',
  postalCode: '1015 AA',
  city: 'Amsterdam',
  country: 'Nederland',
  kvkNumber: '87654321',
  btwNumber: 'NL987654321B01',
  iban: 'NL91ABNA0417164300',
  bankName: 'ABN AMRO',
  website: 'https://devries-installatie.nl',
  subject: 'Inkooporder {{order.orderNumber}}',
  message: 'Order opgeslagen.',
  html: '<p>Beste {{customer.name}}, hierbij onze inkooporder {{order.orderNumber}}.</p>',
  filename: 'INK-2026-1001-9b2e4d61.pdf',
  token: 'dG9rZW4tdm9vcmJlZWxkLW5pZXQtZWNodA',
  // The second step of a sign-in: the login's challenge and the app's code of the moment.
  challenge: 'mfrggzdfmztwq2lknnwg23tpobyxe43u',
  code: '492039',
  recoveryCode: 'k7m2p-x9q4r',
  // One new password for every body that repeats it (confirmPassword must match password or newPassword).
  password: 'N1euwGeheim!',
  newPassword: 'N1euwGeheim!',
  confirmPassword: 'N1euwGeheim!',
  currentPassword: 'Geheim123!',
  startingNumber: 1001,
  prefix: 'INK',
  createdAt: WHEN,
  updatedAt: WHEN,
  sentAt: WHEN,
  expiresAt: '2026-12-24T09:15:00.000Z',
  lastUsedAt: WHEN,
  lastActiveAt: WHEN,
  userId: '7c4a2e19-5b3d-4f6a-9e21-8d0b3c5f1a72',
  date: WHEN,
  url: 'https://boekhouding.voorbeeld.nl/webhooks/inkooporders',
  primaryColor: '#1E40AF',
  secondaryColor: '#64748B',
};

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A copy of `schema` whose fields carry FIELD_EXAMPLES where they have no example or fixed values of their own. */
function withFieldExamples(schema: Schema, name?: string): Schema {
  const copy: Schema = { ...schema };
  if (copy.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties).map(([key, value]) => [key, withFieldExamples(value, key)]),
    );
  }
  if (copy.items) copy.items = withFieldExamples(copy.items, name);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (copy[key]) copy[key] = copy[key].map((s) => withFieldExamples(s, name));
  }
  const known = name !== undefined && Object.hasOwn(FIELD_EXAMPLES, name) ? FIELD_EXAMPLES[name] : undefined;
  const free = copy.example === undefined && !copy.examples && !copy.enum && copy.const === undefined;
  if (known !== undefined && free && typesOf(copy).includes(typeof known)) {
    copy.example = known;
  }
  return copy;
}

const sample = (schema: unknown, doc: OpenAPIObject) =>
  sampler.sample(withFieldExamples(schema as Schema) as never, { skipReadOnly: true }, doc as never);

export function describeExamples(doc: OpenAPIObject): OpenAPIObject {
  for (const [, , operation] of operationsOf(doc)) {
    const whole = operation.operationId ? BY_OPERATION[operation.operationId] : undefined;
    const body = operation.requestBody?.content?.['application/json'];
    if (body?.schema && body.example === undefined) body.example = whole?.request ?? sample(body.schema, doc);
    for (const [status, response] of Object.entries(operation.responses)) {
      const media = response.content?.['application/json'];
      if (!status.startsWith('2') || !media?.schema || media.example !== undefined) continue;
      media.example = whole?.response ?? sample(media.schema, doc);
    }
  }
  return doc;
}
