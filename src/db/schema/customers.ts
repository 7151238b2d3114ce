import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../shared/constants';
import { idColumn, lifecycleDates } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** An organisation's customers (spec §3 Customer). Every query is scoped by organization_id. */
export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull(),
    contactPerson: text('contact_person').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    kvkNumber: text('kvk_number').notNull().default(''),
    btwNumber: text('btw_number').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Who created the customer and who saved it last, as on orders (schema/orders.ts). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...lifecycleDates(),
  },
  (t) => [
    // The list is ordered by company then name within one organisation; paging walks this index.
    index('customers_org_company_idx').on(t.organizationId, sql`lower(${t.company})`, sql`lower(${t.name})`),
    index('customers_org_active_idx').on(t.organizationId, t.active),
    // `updatedSince` (customers-api-list.ts): what changed since a moment, least recently changed first.
    index('customers_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    // The search (customers.ts) is ILIKE '%…%' on these four; pg_trgm answers it (migration 0008).
    // No fastupdate, as for orders (schema/orders.ts).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('customers_company_trgm_idx')
      .using('gin', t.company.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('customers_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
