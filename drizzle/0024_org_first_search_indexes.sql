-- The order search's trigram indexes lead with the organisation (src/db/schema/orders.ts), which a GIN index can only do with btree_gin's operator classes for plain columns. Like pg_trgm (migration 0008) it is a trusted contrib extension on PostgreSQL; PGlite loads it in src/db/pglite-start.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "orders_number_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_project_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_customer_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_org_number_trgm_idx" ON "orders" USING gin ("organization_id",lower("order_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_org_project_trgm_idx" ON "orders" USING gin ("organization_id",lower("project") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_org_customer_search_trgm_idx" ON "orders" USING gin ("organization_id","customer_search" gin_trgm_ops) WITH (fastupdate=false);