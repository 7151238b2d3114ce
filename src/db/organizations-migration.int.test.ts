import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_APPROVAL_NEEDED } from '../test/approvals';
import { buildTestApp, testDeps } from '../test/context';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { createCapturingMailer } from '../test/mailer';
import { migrationsUpTo } from '../test/migrations-up-to';
import { orderPayload } from '../test/orders-fixtures';
import previousAnswers from '../test/release-0021-answers.json';
import {
  ANNA,
  ANNA_TOKEN,
  answerOf,
  BERT,
  BERT_TOKEN,
  COMPARED_CALLS,
  SEEDED_ROWS,
  seedRelease0021,
} from '../test/release-0021-data';

/**
 * The move from "one user is one company" to organisations, on a database written by the release
 * before it: two accounts with everything an account can hold. `release-0021-answers.json` holds
 * what that release's REST API answered for this very data (recorded by running it on the seed);
 * after migrating, the same calls must answer exactly the same.
 */
let database: TestDatabase;
let folder: string;
let app: FastifyInstance;

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

beforeAll(async () => {
  folder = migrationsUpTo('0021_company_logos');
  database = await openTestDatabase({ migrationsFolder: folder });
  await seedRelease0021(database.db);
  await database.migrate();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('migration to organisations', () => {
  it('makes every user the owner of an organisation of the same id that holds their company data', async () => {
    expect(
      await rows(
        sql`select id, name, city, kvk_number, bank_account, profile_completed from organizations order by id`,
      ),
    ).toEqual([
      {
        id: ANNA,
        name: 'Anna Bouw B.V.',
        city: 'Utrecht',
        kvk_number: '12345678',
        bank_account: 'NL91ABNA0417164300',
        profile_completed: true,
      },
      {
        id: BERT,
        name: 'Bert Installatie',
        city: '',
        kvk_number: '',
        bank_account: '',
        profile_completed: false,
      },
    ]);
    expect(
      await rows(sql`select organization_id, user_id, role from memberships order by organization_id`),
    ).toEqual([
      { organization_id: ANNA, user_id: ANNA, role: 'owner' },
      { organization_id: BERT, user_id: BERT, role: 'owner' },
    ]);
    // The person keeps only their own data.
    const userColumns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'users' order by column_name`,
    );
    expect(userColumns.map((c) => c.column_name)).not.toContain('company');
    expect(userColumns.map((c) => c.column_name)).not.toContain('bank_account');
  });

  it('finds every row in the organisation of the account that owned it, and loses none', async () => {
    for (const [table, counts] of Object.entries(SEEDED_ROWS)) {
      const found = await rows<{ organization_id: string; n: number }>(
        sql`select organization_id, count(*)::integer as n from ${sql.identifier(table)} group by organization_id`,
      );
      const byOrganization = Object.fromEntries(found.map((r) => [r.organization_id, r.n]));
      expect({ table, ...byOrganization }).toEqual({
        table,
        ...Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
      });
    }
    // Rows that hang off an account's rows stay with them.
    expect(await rows(sql`select count(*)::integer as n from order_items`)).toEqual([{ n: 3 }]);
    expect(await rows(sql`select count(*)::integer as n from webhook_deliveries`)).toEqual([{ n: 1 }]);
    expect(await rows(sql`select count(*)::integer as n from pdf_link_tokens`)).toEqual([{ n: 1 }]);
    // An API key acts in its creator's organisation and still names its creator; a session goes on
    // in the organisation of its user.
    expect(await rows(sql`select organization_id, user_id from api_keys`)).toEqual([
      { organization_id: ANNA, user_id: ANNA },
    ]);
    expect(await rows(sql`select user_id, organization_id from sessions order by user_id`)).toEqual([
      { user_id: ANNA, organization_id: ANNA },
      { user_id: BERT, organization_id: BERT },
    ]);
    // The month totals moved along and still match the orders.
    expect(
      await rows(
        sql`select organization_id, status, orders, total::text as total from order_month_totals where orders > 0 order by organization_id, status`,
      ),
    ).toEqual([
      { organization_id: ANNA, status: 'concept', orders: 1, total: '54.50' },
      { organization_id: ANNA, status: 'sent', orders: 1, total: '121.00' },
      { organization_id: BERT, status: 'paid', orders: 1, total: '242.00' },
    ]);
  });

  it('answers every REST call exactly as the release before did', async () => {
    const answers: Record<string, unknown> = {};
    for (const call of COMPARED_CALLS) {
      const res = await app.inject({
        method: 'GET',
        url: call.url,
        headers: { authorization: `Bearer ${call.token}` },
      });
      answers[call.label] = answerOf(res);
    }
    // Orders and customers gained who created and last changed them: unknown for migrated rows, so
    // null there; taken off once checked, everything the release answered must still be exactly so.
    const withActors = Object.keys(answers).filter((label) => /(orders|customers)$|^order /.test(label));
    expect(withActors).toHaveLength(9);
    for (const label of withActors) {
      const { body } = answers[label] as { body: Record<string, unknown> | Record<string, unknown>[] };
      for (const item of Array.isArray(body) ? body : [body]) {
        expect(item, label).toMatchObject({ createdBy: null, updatedBy: null });
        delete item.createdBy;
        delete item.updatedBy;
      }
    }
    // The customer snapshot gained the customer's KVK number: snapshots saved by that release have
    // none, and read as a customer without one ('') while staying as stored.
    const withSnapshots = Object.keys(answers).filter((label) => /orders$|^order /.test(label));
    let snapshots = 0;
    for (const label of withSnapshots) {
      const { body } = answers[label] as { body: Record<string, unknown> | Record<string, unknown>[] };
      for (const item of Array.isArray(body) ? body : [body]) {
        const snapshot = item.customerSnapshot as Record<string, unknown> | null;
        if (!snapshot) continue;
        expect(snapshot.kvkNumber, label).toBe('');
        delete snapshot.kvkNumber;
        snapshots++;
      }
    }
    expect(snapshots).toBe(8);
    // One order's answer gained its approval: needed by none, as no organisation has a threshold yet.
    const singleOrders = Object.keys(answers).filter((label) => label.startsWith('order '));
    expect(singleOrders.length).toBeGreaterThan(0);
    for (const label of singleOrders) {
      const { body } = answers[label] as { body: Record<string, unknown> };
      expect(body.approval, label).toEqual(NO_APPROVAL_NEEDED);
      delete body.approval;
      // Each send in its history gained whether the UBL file went along: never before there was one.
      // And the answer to its confirmation link, the order the answer to its latest link and that
      // link: none before there were links.
      for (const email of body.emails as Record<string, unknown>[]) {
        expect(email.includeUbl, label).toBe(false);
        delete email.includeUbl;
        expect(email.customerResponse, label).toBeNull();
        delete email.customerResponse;
      }
      expect({ customerResponse: body.customerResponse, confirmation: body.confirmation }, label).toEqual({
        customerResponse: null,
        confirmation: null,
      });
      delete body.customerResponse;
      delete body.confirmation;
    }
    // The profile gained whether the organisation holds the person until two-step sign-in is on:
    // never for a migrated organisation, which requires nothing yet.
    const profiles = Object.keys(answers).filter((label) => {
      const { body } = answers[label] as { body: unknown };
      return typeof body === 'object' && body !== null && 'twoFactorEnrolmentRequired' in body;
    });
    expect(profiles.length).toBeGreaterThan(0);
    for (const label of profiles) {
      const { body } = answers[label] as { body: Record<string, unknown> };
      expect(body.twoFactorEnrolmentRequired, label).toBe(false);
      delete body.twoFactorEnrolmentRequired;
    }
    expect(answers).toEqual(previousAnswers);
  });

  it('goes on numbering per organisation from where each account was', async () => {
    const create = async (token: string, customer: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${token}` },
        payload: orderPayload(customer),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().orderNumber;
    };
    expect(await create(ANNA_TOKEN, '00000000-0000-4000-8000-0000000a0c01')).toBe('ANNA-502');
    expect(await create(BERT_TOKEN, '00000000-0000-4000-8000-0000000b0c01')).toBe('BERT-8');
    expect(await create(ANNA_TOKEN, '00000000-0000-4000-8000-0000000a0c02')).toBe('ANNA-503');
    // A customer of the other organisation is not one to write an order for.
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${BERT_TOKEN}` },
      payload: orderPayload('00000000-0000-4000-8000-0000000a0c01'),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
