import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Two accounts as the release before organisations stored them (schema of migration
 * 0021_company_logos, one user = one company): customers, orders with lines and send history,
 * numbering settings and counters, templates, an API key, a webhook with a delivery, a stored PDF with
 * its download link, a logo, PDF settings, an idempotency key and open sessions. Written in that
 * schema's SQL, so it can be loaded into a database migrated up to 0021 only.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const ANNA = '00000000-0000-4000-8000-00000000a001';
export const BERT = '00000000-0000-4000-8000-00000000b001';

/** The bearer tokens of the two open sessions, and Anna's API key. */
export const ANNA_TOKEN = 'sessie-van-anna-voor-de-migratietest-0001';
export const BERT_TOKEN = 'sessie-van-bert-voor-de-migratietest-0002';
export const ANNA_KEY = 'ik_AnnaMigratieSleutel0123456789abc';

export const ANNA_ORDERS = ['00000000-0000-4000-8000-0000000a0a01', '00000000-0000-4000-8000-0000000a0a02'];
export const BERT_ORDERS = ['00000000-0000-4000-8000-0000000b0b01'];
export const ANNA_WEBHOOK = '00000000-0000-4000-8000-0000000a0e01';

/** Rows per account in every table the seed fills: what must be found in its organisation afterwards. */
export const SEEDED_ROWS = {
  customers: { [ANNA]: 2, [BERT]: 1 },
  orders: { [ANNA]: 2, [BERT]: 1 },
  order_emails: { [ANNA]: 1, [BERT]: 0 },
  email_templates: { [ANNA]: 1, [BERT]: 1 },
  order_settings: { [ANNA]: 1, [BERT]: 1 },
  order_counters: { [ANNA]: 1, [BERT]: 1 },
  pdf_settings: { [ANNA]: 1, [BERT]: 0 },
  pdf_files: { [ANNA]: 1, [BERT]: 0 },
  company_logos: { [ANNA]: 1, [BERT]: 0 },
  webhook_subscriptions: { [ANNA]: 1, [BERT]: 0 },
  idempotency_keys: { [ANNA]: 1, [BERT]: 0 },
  api_keys: { [ANNA]: 1, [BERT]: 0 },
} as const;

const snapshot = (name: string, company: string, email: string) =>
  JSON.stringify({
    name,
    company,
    contactPerson: '',
    email,
    address: 'Kerkstraat 1',
    postalCode: '1234 AB',
    city: 'Utrecht',
    country: 'Nederland',
    btwNumber: '',
  });

export async function seedRelease0021(db: Db): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`insert into users (id, email, password_hash, name, company, is_email_verified, profile_completed,
      address, postal_code, city, country, website, phone_number, kvk_number, btw_number, vat_number,
      bank_account, account_name, bank_name, created_at, updated_at)
    values
      ('${ANNA}', 'anna@annabouw.nl', 'x', 'Anna de Bouwer', 'Anna Bouw B.V.', true, true,
       'Oudegracht 1', '3511 AA', 'Utrecht', 'Nederland', 'https://annabouw.nl', '+31301234567', '12345678',
       'NL123456789B01', 'BE0123456789', 'NL91ABNA0417164300', 'Anna Bouw B.V.', 'ABN AMRO',
       '2026-01-05T09:00:00Z', '2026-02-01T10:00:00Z'),
      ('${BERT}', 'bert@bertinstall.nl', 'x', 'Bert Installateur', 'Bert Installatie', true, false,
       '', '', '', 'Nederland', '', '', '', '', '', '', '', '',
       '2026-01-06T09:00:00Z', '2026-01-06T09:00:00Z')`);
  await run(`insert into sessions (id, user_id, expires_at, remember_me, created_at) values
      ('${sha256(ANNA_TOKEN)}', '${ANNA}', '2099-01-01T00:00:00Z', 1, '2026-03-01T08:00:00Z'),
      ('${sha256(BERT_TOKEN)}', '${BERT}', '2099-01-01T00:00:00Z', 1, '2026-03-01T08:00:00Z')`);
  await run(`insert into order_settings (user_id, prefix, include_year, starting_number, created_at, updated_at) values
      ('${ANNA}', 'ANNA', false, 500, '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
      ('${BERT}', 'BERT', false, 1, '2026-01-06T09:00:00Z', '2026-01-06T09:00:00Z')`);
  await run(`insert into order_counters (user_id, year, last_sequence) values
      ('${ANNA}', 0, 501), ('${BERT}', 0, 7)`);
  await run(`insert into customers (id, user_id, name, company, email, address, postal_code, city, created_at, updated_at) values
      ('00000000-0000-4000-8000-0000000a0c01', '${ANNA}', 'Jan Jansen', 'Jansen Vastgoed', 'jan@jansen.nl', 'Kerkstraat 1', '1234 AB', 'Utrecht', '2026-01-10T09:00:00Z', '2026-01-10T09:00:00Z'),
      ('00000000-0000-4000-8000-0000000a0c02', '${ANNA}', 'Els Pieters', 'Pieters Wonen', 'els@pieters.nl', 'Kerkstraat 1', '1234 AB', 'Utrecht', '2026-01-11T09:00:00Z', '2026-01-11T09:00:00Z'),
      ('00000000-0000-4000-8000-0000000b0c01', '${BERT}', 'Kees Klant', 'Klant B.V.', 'kees@klant.nl', 'Kerkstraat 1', '1234 AB', 'Utrecht', '2026-01-12T09:00:00Z', '2026-01-12T09:00:00Z')`);
  await run(`insert into orders (id, user_id, order_number, customer_id, customer_snapshot, date, project, reference,
      payment_term, status, btw_verlegd, notes, subtotal, vat, total, created_at, updated_at) values
      ('${ANNA_ORDERS[0]}', '${ANNA}', 'ANNA-500', '00000000-0000-4000-8000-0000000a0c01',
       '${snapshot('Jan Jansen', 'Jansen Vastgoed', 'jan@jansen.nl')}', '2026-02-03T10:00:00Z', 'Dakkapel', 'R-1',
       14, 'sent', false, '', '100.00', '21.00', '121.00', '2026-02-03T10:00:00Z', '2026-02-04T10:00:00Z'),
      ('${ANNA_ORDERS[1]}', '${ANNA}', 'ANNA-501', '00000000-0000-4000-8000-0000000a0c02',
       '${snapshot('Els Pieters', 'Pieters Wonen', 'els@pieters.nl')}', '2026-03-03T10:00:00Z', 'Badkamer', '',
       30, 'concept', false, 'Graag bellen', '50.00', '4.50', '54.50', '2026-03-03T10:00:00Z', '2026-03-03T10:00:00Z'),
      ('${BERT_ORDERS[0]}', '${BERT}', 'BERT-7', '00000000-0000-4000-8000-0000000b0c01',
       '${snapshot('Kees Klant', 'Klant B.V.', 'kees@klant.nl')}', '2026-02-15T10:00:00Z', 'CV-ketel', '',
       14, 'paid', false, '', '200.00', '42.00', '242.00', '2026-02-15T10:00:00Z', '2026-02-15T10:00:00Z')`);
  await run(`insert into order_items (order_id, position, description, quantity, unit, price, vat, total) values
      ('${ANNA_ORDERS[0]}', 0, 'Dakkapel plaatsen', '1.000', 'stuk', '100.00', '21', '100.00'),
      ('${ANNA_ORDERS[1]}', 0, 'Tegelwerk', '2.500', 'uur', '20.00', '9', '50.00'),
      ('${BERT_ORDERS[0]}', 0, 'CV-ketel', '1.000', 'stuk', '200.00', '21', '200.00')`);
  await run(`insert into order_emails (user_id, order_id, recipient, subject, include_pdf, sent_at) values
      ('${ANNA}', '${ANNA_ORDERS[0]}', 'jan@jansen.nl', 'Order ANNA-500', true, '2026-02-04T10:00:00Z')`);
  await run(`insert into email_templates (id, user_id, name, subject, content, category, is_default, created_at, updated_at) values
      ('00000000-0000-4000-8000-0000000a0f01', '${ANNA}', 'Standaard', 'Order {{order.orderNumber}}', '<p>Beste {{customer.name}},</p>', 'order', true, '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
      ('00000000-0000-4000-8000-0000000b0f01', '${BERT}', 'Herinnering', 'Herinnering', '<p>Graag betalen.</p>', 'reminder', false, '2026-01-06T09:00:00Z', '2026-01-06T09:00:00Z')`);
  await run(`insert into pdf_settings (user_id, primary_color, template, footer_notes, created_at, updated_at) values
      ('${ANNA}', '#0F766E', 'modern', 'Betaling binnen 14 dagen.', '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z')`);
  await run(`insert into pdf_files (id, user_id, order_id, filename, download_name, html_hash, size, content, created_at) values
      ('00000000-0000-4000-8000-0000000a0d01', '${ANNA}', '${ANNA_ORDERS[0]}', 'ANNA-500-0123456789abcdef0123456789abcdef.pdf',
       'ANNA-500.pdf', 'hash', 4, '\\x25504446', '2026-02-04T10:00:00Z')`);
  await run(`insert into pdf_link_tokens (token_hash, pdf_file_id, expires_at) values
      ('${sha256('link')}', '00000000-0000-4000-8000-0000000a0d01', '2099-01-01T00:00:00Z')`);
  await run(`insert into company_logos (user_id, content_type, content, width, height, hash, updated_at) values
      ('${ANNA}', 'image/png', '\\x89504e47', 10, 10, 'logohash', '2026-01-05T09:00:00Z')`);
  await run(`insert into api_keys (id, user_id, name, access, prefix, secret_hash, created_at) values
      ('00000000-0000-4000-8000-0000000a0b01', '${ANNA}', 'Boekhouding', 'read', '${ANNA_KEY.slice(0, 8)}',
       '${sha256(ANNA_KEY)}', '2026-01-20T09:00:00Z')`);
  await run(`insert into webhook_subscriptions (id, user_id, url, events, active, secret, created_at, updated_at) values
      ('${ANNA_WEBHOOK}', '${ANNA}', 'https://hooks.annabouw.nl/orders', '{order.created,order.updated}', true,
       'whsec_geheim', '2026-01-21T09:00:00Z', '2026-01-21T09:00:00Z')`);
  await run(`insert into webhook_deliveries (id, subscription_id, event_id, event_type, attempt, status_code, duration_ms, success, created_at) values
      ('00000000-0000-4000-8000-0000000a0e02', '${ANNA_WEBHOOK}', 'evt_1', 'order.created', 1, 200, 12, true, '2026-02-03T10:00:01Z')`);
  await run(`insert into idempotency_keys (user_id, key, operation, request_hash, state, response, created_at, heartbeat_at) values
      ('${ANNA}', 'sleutel-1', 'orders.create', 'hash', 'done', '{}', '2026-02-03T10:00:00Z', '2026-02-03T10:00:00Z')`);
}

/** The REST calls whose answers must not change: each account's own data, by session and by key. */
export const COMPARED_CALLS: { label: string; token: string; url: string }[] = [
  ...(
    [
      ['anna', ANNA_TOKEN],
      ['bert', BERT_TOKEN],
    ] as const
  ).flatMap(([who, token]) =>
    [
      '/api/auth/profile',
      '/api/customers',
      '/api/orders',
      '/api/email-templates',
      '/api/auth/order-settings',
      '/api/auth/next-order-number',
      '/api/auth/pdf-settings',
      '/api/api-keys',
      '/api/webhooks',
      '/api/auth/logo',
    ].map((url) => ({ label: `${who} ${url}`, token, url })),
  ),
  ...[...ANNA_ORDERS, ...BERT_ORDERS].map((id) => ({
    label: `order ${id}`,
    token: ANNA_ORDERS.includes(id) ? ANNA_TOKEN : BERT_TOKEN,
    url: `/api/orders/${id}`,
  })),
  { label: 'anna deliveries', token: ANNA_TOKEN, url: `/api/webhooks/${ANNA_WEBHOOK}/deliveries` },
  { label: 'anna key profile', token: ANNA_KEY, url: '/api/auth/profile' },
  { label: 'anna key customers', token: ANNA_KEY, url: '/api/customers' },
  { label: 'anna key orders', token: ANNA_KEY, url: '/api/orders' },
];

/** A call's answer as the comparison keeps it: status, and the JSON body (any other body as base64). */
export function answerOf(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): {
  status: number;
  body: unknown;
} {
  const type = String(res.headers['content-type'] ?? '');
  const body = type.includes('json')
    ? JSON.parse(res.rawPayload.toString('utf8'))
    : res.rawPayload.toString('base64');
  return { status: res.statusCode, body };
}
