ALTER TABLE "orders" DROP CONSTRAINT "orders_customer_id_customers_id_fk";
--> statement-breakpoint
DROP INDEX "orders_customer_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_search" text GENERATED ALWAYS AS (lower(("customer_snapshot" ->> 'name') || chr(10) || ("customer_snapshot" ->> 'company'))) STORED;--> statement-breakpoint
-- Orders saved after 0005 by code that did not write snapshots yet get their customer's data now, so from here on a snapshot is missing only where the customer is (deleted before 0005).
UPDATE "orders" SET "customer_snapshot" = jsonb_build_object(
	'name', c."name", 'company', c."company", 'contactPerson', c."contact_person", 'email', c."email",
	'address', c."address", 'postalCode', c."postal_code", 'city', c."city", 'country', c."country",
	'btwNumber', c."btw_number")
FROM "customers" c
WHERE c."id" = "orders"."customer_id" AND c."user_id" = "orders"."user_id" AND "orders"."customer_snapshot" IS NULL;
