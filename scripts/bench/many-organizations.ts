/**
 * The many-organisations run: one Postgres database with N organisations (each an owner and a few
 * members) whose orders follow organization-sizes.ts, seeded with set-based SQL — customers as
 * multi-row inserts from seed-bulk.ts's makeCustomers, orders, their lines and the numbering counters
 * each one INSERT … SELECT over generate_series — then the screen calls of screens.ts for the largest
 * and the smallest organisation, each signed in as its owner, with a check that every answer holds
 * that organisation's rows only.
 *
 * The orders' fields come from a hash of their running number (hashint8), not from random(), so the
 * same sizes build the same data; only the ids (gen_random_uuid) and the dates relative to now differ
 * between runs. Orders are inserted in date order across all organisations, as they would have come
 * in, so one organisation's orders are spread over the table rather than lying side by side.
 */
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../../src/db/client';
import { customers } from '../../src/db/schema';
import {
  DEFAULT_ORDER_NUMBER_SETTINGS,
  normalisePrefix,
  ORDER_NUMBER_SEPARATOR,
} from '../../src/shared/order-number';
import {
  makeCustomers,
  random,
  SPAN_DAYS,
  STATUS_OLD,
  STATUS_RECENT,
  VATS,
  withBulkGinInserts,
} from '../seed-bulk';
import { PRODUCTS, PROJECTS } from '../seed-data';
import { login, request, type Session, trpcQueryPath } from './http-client';
import { benchScreens, SCREEN_CALLS, type ScreenTiming } from './screens';

/** The owner's address (the seed's SQL spells it the same way). */
export const ORG_EMAIL = (n: number) => `bench-org-${n}@inkooporders.test`;
/** The members besides the owner: a member who writes orders and a bookkeeper who reads. */
const MEMBER_ROLES = ['member', 'viewer'] as const;
/** Customers of the largest organisation (as the main bench account) and of every other one. */
const CUSTOMERS_LARGEST = 200;
const CUSTOMERS_OTHER = 20;
const DAY_MS = 86_400_000;
/** Orders dated within this many days before now get the recent statuses (concept, sent), as in seed-bulk.ts. */
const RECENT_DAYS = 45;

export type SeededOrganization = { n: number; id: string; email: string; orders: number; customers: number };

export type ManySeed = {
  organizations: number;
  orders: number;
  items: number;
  customers: number;
  users: number;
  seconds: number;
  /** Seconds per step, for the report. */
  steps: Record<string, number>;
  largest: SeededOrganization;
  smallest: SeededOrganization;
};

/** A text[] literal of our own word lists (they are constants, never input). */
const textArray = (list: readonly string[]) =>
  `array[${list.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`;
/**
 * A deterministic 31-bit hash of an order's running number and a field's salt, written out in place:
 * a SQL function for it, called a dozen times per order, cost most of the seed's time.
 */
const h = (gid: string, salt: number) => `(hashint8(${gid} * 16 + ${salt}) & 2147483647)`;
const intArray = (list: readonly number[]) =>
  `array[${list.map((x) => String(Math.trunc(x))).join(',')}]::int[]`;

/**
 * Seeds an empty, migrated database (one connection, so the session's temporary tables and settings
 * hold). `sizes`: orders per organisation, largest first (organizationSizes).
 */
export async function seedManyOrganizations(
  databaseUrl: string,
  opts: { sizes: number[]; passwordHash: string; now?: Date },
): Promise<ManySeed> {
  const t0 = performance.now();
  const now = opts.now ?? new Date();
  const steps: Record<string, number> = {};
  const database = await openDatabase({ databaseUrl, maxConnections: 1 });
  const db = database.db;
  const step = async (name: string, run: () => Promise<unknown>) => {
    const s = performance.now();
    await run();
    steps[name] = (performance.now() - s) / 1000;
  };
  try {
    await db.execute(sql`set maintenance_work_mem = '256MB'`);
    await db.execute(sql`set work_mem = '64MB'`);
    const sizes = opts.sizes;
    await step('organisaties en gebruikers', async () => {
      await db.execute(
        sql.raw(`create temp table seed_org as
          select s.n::int as n, gen_random_uuid() as id, s.orders,
            case when s.n = 1 then ${CUSTOMERS_LARGEST} else ${CUSTOMERS_OTHER} end as customers,
            (sum(s.orders) over (order by s.n) - s.orders)::bigint as first
          from unnest(${intArray(sizes)}) with ordinality as s(orders, n)`),
      );
      await db.execute(sql`
        insert into users (id, email, password_hash, name, is_email_verified)
        select id, 'bench-org-' || n || '@inkooporders.test', ${opts.passwordHash}, 'Eigenaar ' || n, true
        from seed_org`);
      // Each organisation carries its owner's id, as registering makes it.
      await db.execute(sql`
        insert into organizations (id, name, profile_completed, address, postal_code, city, kvk_number,
          btw_number, bank_account, account_name, bank_name)
        select id, 'Bench Organisatie ' || n || ' B.V.', true, 'Stationsplein ' || (1 + n % 200),
          (1000 + n % 9000) || ' AB', 'Utrecht', lpad((10000000 + n)::text, 8, '0'),
          'NL' || lpad((100000000 + n)::text, 9, '0') || 'B01', 'NL91ABNA' || lpad(n::text, 10, '0'),
          'Bench Organisatie ' || n || ' B.V.', 'ABN AMRO'
        from seed_org`);
      await db.execute(
        sql`insert into memberships (organization_id, user_id, role) select id, id, 'owner' from seed_org`,
      );
      await db.execute(
        sql.raw(`create temp table seed_member as
          select o.id as organization_id, o.n, r.k::int as k, r.role, gen_random_uuid() as user_id
          from seed_org o, unnest(${textArray(MEMBER_ROLES)}) with ordinality as r(role, k)`),
      );
      await db.execute(sql`
        insert into users (id, email, password_hash, name, is_email_verified)
        select user_id, 'bench-org-' || n || '-lid-' || k || '@inkooporders.test', ${opts.passwordHash},
          'Medewerker ' || n || '-' || k, true
        from seed_member`);
      await db.execute(
        sql`insert into memberships (organization_id, user_id, role) select organization_id, user_id, role from seed_member`,
      );
    });
    const orgs = (await db.execute(
      sql`select n, id::text as id, orders, customers from seed_org order by n`,
    )) as unknown as {
      n: number;
      id: string;
      orders: number;
      customers: number;
    }[];

    let items = 0;
    const bulkStart = performance.now();
    await withBulkGinInserts(db, async () => {
      await step('klanten', () => insertCustomers(db, orgs, now));
      await step('orders berekenen', () => computeOrders(db, now));
      await step('orders invoegen (met de maandtotalen)', () => insertOrders(db));
      await step('orderregels en tellers', async () => {
        await db.execute(sql`
          insert into order_items (order_id, position, description, quantity, unit, price, vat, total)
          select id, 0, (${sql.raw(textArray(PRODUCTS.map((p) => p.description)))})[p], quantity,
            (${sql.raw(textArray(PRODUCTS.map((p) => p.unit)))})[p], price_cents / 100.0, rate::text,
            quantity * price_cents / 100.0
          from seed_order`);
        items = (
          (await db.execute(sql`select count(*)::int as n from order_items`)) as unknown as { n: number }[]
        )[0]!.n;
        await db.execute(sql`
          insert into order_counters (organization_id, year, last_sequence)
          select organization_id, year, max(seq) from seed_order group by 1, 2`);
      });
    });
    // The rest of withBulkGinInserts' time: building the trigram indexes again.
    const inserted = [
      'klanten',
      'orders berekenen',
      'orders invoegen (met de maandtotalen)',
      'orderregels en tellers',
    ];
    steps['trigram-indexen bouwen'] =
      (performance.now() - bulkStart) / 1000 - inserted.reduce((t, k) => t + (steps[k] ?? 0), 0);
    await step('vacuum analyze', async () => {
      const tables = ['users', 'organizations', 'memberships', 'customers', 'orders', 'order_items'];
      for (const table of [...tables, 'order_counters', 'order_month_totals'])
        await db.execute(sql.raw(`vacuum (analyze) ${table}`));
    });
    const [counts] = (await db.execute(sql`
      select (select count(*) from orders)::int as orders, (select count(*) from customers)::int as customers,
        (select count(*) from users)::int as users`)) as unknown as {
      orders: number;
      customers: number;
      users: number;
    }[];
    const toSeeded = (o: (typeof orgs)[number]): SeededOrganization => ({
      n: o.n,
      id: o.id,
      email: ORG_EMAIL(o.n),
      orders: o.orders,
      customers: o.customers,
    });
    const smallest = orgs.reduce((a, b) =>
      b.orders < a.orders || (b.orders === a.orders && b.n > a.n) ? b : a,
    );
    const seconds = (performance.now() - t0) / 1000;
    return {
      organizations: orgs.length,
      orders: counts!.orders,
      items,
      customers: counts!.customers,
      users: counts!.users,
      seconds,
      steps,
      largest: toSeeded(orgs[0]!),
      smallest: toSeeded(smallest),
    };
  } finally {
    await database.close();
  }
}

/** Customers as seed-bulk.ts makes them, one PRNG seed per organisation, in multi-row inserts. */
async function insertCustomers(
  db: Db,
  orgs: { n: number; id: string; customers: number }[],
  now: Date,
): Promise<void> {
  const rows = orgs.flatMap((o) => makeCustomers(random(5000 + o.n), o.id, o.customers, now));
  // 15 columns a row: 1 000 rows stay well under the protocol's 65 535 parameters.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(customers).values(rows.slice(i, i + 1000));
  await db.execute(sql`
    create temp table seed_customer as
    select o.n, row_number() over (partition by c.organization_id order by c.created_at, c.id)::int as k, c.id,
      jsonb_build_object('name', c.name, 'company', c.company, 'contactPerson', c.contact_person,
        'email', c.email, 'address', c.address, 'postalCode', c.postal_code, 'city', c.city,
        'country', c.country, 'btwNumber', c.btw_number) as snapshot
    from customers c join seed_org o on o.id = c.organization_id`);
  await db.execute(sql`create unique index on seed_customer (n, k)`);
}

/**
 * Every order of every organisation in one temporary table (fields from the hash of its running
 * number, one line each, the totals as computeOrderTotals makes them for one line: VAT per rate
 * rounded half up, none when btw verlegd), numbered per organisation and Amsterdam year in date
 * order from the default start number; then one insert in date order. The month totals follow from
 * the orders' own triggers.
 */
async function computeOrders(db: Db, now: Date): Promise<void> {
  const spanMs = SPAN_DAYS * DAY_MS;
  const start = new Date(now.getTime() - spanMs).toISOString();
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY_MS).toISOString();
  const settings = DEFAULT_ORDER_NUMBER_SETTINGS;
  if (!settings.includeYear) throw new Error('the seed numbers orders per year, as the default settings do');
  const vats = intArray(VATS.map((v) => (v === 'verlegd' ? 0 : v)));
  await db.execute(
    sql.raw(`
    create temp table seed_order as
    with base as (
      select o.id as organization_id, o.n, o.customers, o.first + g as gid,
        '${start}'::timestamptz
          + (${h('(o.first + g)', 1)}::float8 / 2147483648 * ${spanMs}) * interval '1 millisecond' as date
      from seed_org o, generate_series(1, o.orders) g
    ), fields as (
      select b.*, extract(year from b.date at time zone 'Europe/Amsterdam')::int as year,
        1 + ${h('gid', 2)} % customers as k,
        ${h('gid', 3)} as hs, ${h('gid', 4)} as hp, ${h('gid', 5)} as hr,
        ${h('gid', 6)} as ht, ${h('gid', 7)} % 100 < 3 as btw_verlegd,
        1 + ${h('gid', 8)} % ${PRODUCTS.length} as p, ${h('gid', 9)} as hq,
        ${h('gid', 10)} as hc, (${vats})[1 + ${h('gid', 11)} % ${VATS.length}] as rate
      from base b
    ), line as (
      select f.*,
        case when (${textArray(PRODUCTS.map((p) => p.unit))})[p] = 'stuk' then 1 + hq % 12 else 1 + hq % 40 end as quantity,
        (${intArray(PRODUCTS.map((p) => p.min * 100))})[p]
          + hc % ((${intArray(PRODUCTS.map((p) => (p.max - p.min) * 100 + 1))})[p]) as price_cents
      from fields f
    )
    select gen_random_uuid() as id, organization_id, n, gid, date, year, k, p, quantity, price_cents, rate,
      btw_verlegd, quantity * price_cents as line_cents,
      case when btw_verlegd then 0 else round(quantity * price_cents * rate / 100.0)::bigint end as vat_cents,
      (row_number() over (partition by organization_id, year order by date, gid))::int
        + ${settings.startingNumber - 1} as seq,
      case when date >= '${recentFrom}'::timestamptz
        then (${textArray(STATUS_RECENT)})[1 + hs % ${STATUS_RECENT.length}]
        else (${textArray(STATUS_OLD)})[1 + hs % ${STATUS_OLD.length}] end as status,
      (${textArray(PROJECTS)})[1 + hp % ${PROJECTS.length}] as project,
      case when hr % 2 = 0 then 'PO-' || (10000 + (hr / 2) % 90000) else '' end as reference,
      (array[14, 14, 14, 30, 30, 60])[1 + ht % 6] as payment_term
    from line`),
  );
}

async function insertOrders(db: Db): Promise<void> {
  const head = `${normalisePrefix(DEFAULT_ORDER_NUMBER_SETTINGS.prefix)}${ORDER_NUMBER_SEPARATOR}`;
  await db.execute(
    sql.raw(`
    insert into orders (id, organization_id, order_number, customer_id, customer_snapshot, date, project,
      reference, payment_term, status, btw_verlegd, subtotal, vat, total, created_at, updated_at)
    select s.id, s.organization_id, '${head}' || s.year || '${ORDER_NUMBER_SEPARATOR}' || s.seq, c.id, c.snapshot,
      s.date, s.project, s.reference, s.payment_term, s.status, s.btw_verlegd, s.line_cents / 100.0,
      s.vat_cents / 100.0, (s.line_cents + s.vat_cents) / 100.0, s.date, s.date
    from seed_order s join seed_customer c on c.n = s.n and c.k = s.k
    order by s.date, s.gid`),
  );
}

/* ---------------------------------------------------------------- the measurement */

export type OrganizationRun = {
  label: string;
  organization: SeededOrganization;
  timings: ScreenTiming[];
  /** Rows in the answers that belong to another organisation (or to none): must be 0. */
  foreignRows: number;
  /** Rows of the answers looked up. */
  rowsChecked: number;
  /** The orders list's total (no filter) minus the organisation's own orders: must be 0. */
  totalDifference: number;
};

type PageAnswer = { items: { _id: string }[]; total: number };

async function answer(baseUrl: string, session: Session, procedure: string, input: unknown) {
  const reply = await request(baseUrl, trpcQueryPath(procedure, input), {
    headers: { cookie: session.cookie },
  });
  if (reply.status !== 200) throw new Error(`${procedure}: ${reply.status} ${reply.body.slice(0, 300)}`);
  return (JSON.parse(reply.body) as [{ result: { data: PageAnswer } }])[0].result.data;
}

/**
 * The isolation check: the list answers of the screen calls (orders and customers, with and without
 * a search or filter), every row looked up in the database by id — a row of another organisation, or
 * an id that is no row at all, counts as foreign.
 */
async function checkOwnRows(
  baseUrl: string,
  session: Session,
  db: Db,
  organizationId: string,
  calls: { procedure: string; input: unknown }[],
) {
  // Sets: the lists overlap (page 1 and the paid orders share rows), and the lookup counts each row once.
  const orderIds = new Set<string>();
  const customerIds = new Set<string>();
  for (const call of calls) {
    const data = await answer(baseUrl, session, call.procedure, call.input);
    const ids = call.procedure.startsWith('customers') ? customerIds : orderIds;
    for (const item of data.items) ids.add(item._id);
  }
  const own = async (table: 'orders' | 'customers', set: Set<string>) => {
    const ids = [...set];
    if (!ids.length) return 0;
    const rows = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where organization_id = ${organizationId} and id = any(${`{${ids.join(',')}}`}::uuid[])`,
    )) as unknown as { n: number }[];
    return rows[0]!.n;
  };
  const ownRows = (await own('orders', orderIds)) + (await own('customers', customerIds));
  const checked = orderIds.size + customerIds.size;
  return { foreignRows: checked - ownRows, rowsChecked: checked };
}

/** The screen calls for each organisation as its owner, then the isolation check on their answers. */
export async function benchManyOrganizations(
  baseUrl: string,
  databaseUrl: string,
  targets: { label: string; organization: SeededOrganization; password: string }[],
  opts: { runs: number; budgetMs: number },
): Promise<OrganizationRun[]> {
  const database = await openDatabase({ databaseUrl, maxConnections: 1 });
  try {
    const out: OrganizationRun[] = [];
    for (const t of targets) {
      const session = await login(baseUrl, t.organization.email, t.password);
      const timings = await benchScreens(baseUrl, session, opts);
      const listCalls = SCREEN_CALLS.filter((c) => c.procedure.endsWith('.page'));
      const own = await checkOwnRows(baseUrl, session, database.db, t.organization.id, listCalls);
      const all = await answer(baseUrl, session, 'orders.page', { period: 'all', page: 1, pageSize: 20 });
      out.push({
        label: t.label,
        organization: t.organization,
        timings,
        ...own,
        totalDifference: all.total - t.organization.orders,
      });
    }
    return out;
  } finally {
    await database.close();
  }
}
