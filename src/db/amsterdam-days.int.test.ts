import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, startOfAmsterdamDay } from '../shared/dates';
import { ORDER_DATE_MAX_YEAR, ORDER_DATE_MIN_YEAR } from '../shared/schemas/order';
import { openTestDatabase, type TestDatabase } from '../test/db';

/**
 * The app finds a Dutch calendar day with Node's ICU time zones; the database, in the trigger that
 * keeps order_month_totals (migration 0010), with its own. The two histories of Europe/Amsterdam
 * differ before 1947 (ICU follows Brussels there, PostgreSQL the Dutch local times of +0:19:32 and
 * +0:20): an order on 1 December 1914 was counted in November by the database and in December by the
 * app. Order dates start in 1950 (ORDER_DATE_MIN_YEAR); here, for every day they may fall on, the
 * database puts the instant the app stores for it in the same day and month.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('every order day from ORDER_DATE_MIN_YEAR to ORDER_DATE_MAX_YEAR is the same day to the database', async () => {
  expect(ORDER_DATE_MIN_YEAR).toBe(1950);
  /** Each day with the first and the last millisecond of it, as the app reads it. */
  const days: [string, string, string][] = [];
  // A day's start is the previous day's end plus one: each start is looked up once.
  let start = startOfAmsterdamDay(`${ORDER_DATE_MIN_YEAR}-01-01`).getTime();
  for (
    let day = `${ORDER_DATE_MIN_YEAR}-01-01`;
    day <= `${ORDER_DATE_MAX_YEAR}-12-31`;
    day = addDays(day, 1)
  ) {
    const next = startOfAmsterdamDay(addDays(day, 1)).getTime();
    days.push([day, new Date(start).toISOString(), new Date(next - 1).toISOString()]);
    start = next;
  }
  // One parameter: the days as JSON.
  const result = (await database.db.execute(sql`
    select count(*)::int as differing, min(app_day) as first
    from (
      select value->>0 as app_day,
             ((value->>1)::timestamptz at time zone 'Europe/Amsterdam')::date::text as db_first,
             ((value->>2)::timestamptz at time zone 'Europe/Amsterdam')::date::text as db_last
      from json_array_elements(${JSON.stringify(days)}::json)
    ) t
    where app_day <> db_first or app_day <> db_last`)) as unknown as Row[] | { rows: Row[] };
  const [row] = Array.isArray(result) ? result : result.rows;
  expect(days.length).toBeGreaterThan(90_000);
  expect(row).toEqual({ differing: 0, first: null });
}, 120_000);

type Row = { differing: number; first: string | null };
