-- Custom SQL migration file, put your code below! --
-- The tenant becomes the organisation. Every user becomes the owner of an organisation with the same id that takes over their company data, so every business row keeps its value and only its column is renamed and pointed at organizations: nothing is copied, nothing is lost, numbering goes on from the same counters.
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"profile_completed" boolean DEFAULT false NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'Nederland' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"kvk_number" text DEFAULT '' NOT NULL,
	"btw_number" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_org_user_idx" ON "memberships" USING btree ("organization_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_idx" ON "memberships" USING btree ("organization_id") WHERE "memberships"."role" = 'owner';
--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","created_at");
--> statement-breakpoint
INSERT INTO "organizations" ("id", "name", "profile_completed", "address", "postal_code", "city", "country", "website", "phone_number", "kvk_number", "btw_number", "vat_number", "bank_account", "account_name", "bank_name", "created_at", "updated_at")
SELECT "id", "company", "profile_completed", "address", "postal_code", "city", "country", "website", "phone_number", "kvk_number", "btw_number", "vat_number", "bank_account", "account_name", "bank_name", "created_at", "updated_at" FROM "users";
--> statement-breakpoint
INSERT INTO "memberships" ("organization_id", "user_id", "role", "created_at")
SELECT "id", "id", 'owner', "created_at" FROM "users";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_templates" DROP CONSTRAINT "email_templates_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "email_templates" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_emails" DROP CONSTRAINT "order_emails_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_emails" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pdf_files" DROP CONSTRAINT "pdf_files_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pdf_files" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "pdf_files" ADD CONSTRAINT "pdf_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "webhook_subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_month_totals" DROP CONSTRAINT "order_month_totals_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_month_totals" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "order_month_totals" ADD CONSTRAINT "order_month_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_counters" DROP CONSTRAINT "order_counters_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_counters" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_settings" DROP CONSTRAINT "order_settings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_settings" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pdf_settings" DROP CONSTRAINT "pdf_settings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pdf_settings" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "pdf_settings" ADD CONSTRAINT "pdf_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_logos" DROP CONSTRAINT "company_logos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_logos" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "user_id" TO "organization_id";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "idempotency_keys_user_id_key_pk" TO "idempotency_keys_organization_id_key_pk";
--> statement-breakpoint
ALTER TABLE "order_counters" RENAME CONSTRAINT "order_counters_user_id_year_pk" TO "order_counters_organization_id_year_pk";
--> statement-breakpoint
ALTER TABLE "order_month_totals" RENAME CONSTRAINT "order_month_totals_user_id_month_status_pk" TO "order_month_totals_organization_id_month_status_pk";
--> statement-breakpoint
ALTER INDEX "customers_user_company_idx" RENAME TO "customers_org_company_idx";
--> statement-breakpoint
ALTER INDEX "customers_user_active_idx" RENAME TO "customers_org_active_idx";
--> statement-breakpoint
ALTER INDEX "customers_user_updated_idx" RENAME TO "customers_org_updated_idx";
--> statement-breakpoint
ALTER INDEX "email_templates_user_idx" RENAME TO "email_templates_org_idx";
--> statement-breakpoint
ALTER INDEX "email_templates_user_category_default_idx" RENAME TO "email_templates_org_category_default_idx";
--> statement-breakpoint
ALTER INDEX "orders_user_number_idx" RENAME TO "orders_org_number_idx";
--> statement-breakpoint
ALTER INDEX "orders_user_date_idx" RENAME TO "orders_org_date_idx";
--> statement-breakpoint
ALTER INDEX "orders_user_status_date_idx" RENAME TO "orders_org_status_date_idx";
--> statement-breakpoint
ALTER INDEX "orders_user_updated_idx" RENAME TO "orders_org_updated_idx";
--> statement-breakpoint
ALTER INDEX "orders_user_number_lower_idx" RENAME TO "orders_org_number_lower_idx";
--> statement-breakpoint
ALTER INDEX "pdf_files_user_order_hash_idx" RENAME TO "pdf_files_org_order_hash_idx";
--> statement-breakpoint
ALTER INDEX "webhook_subscriptions_user_idx" RENAME TO "webhook_subscriptions_org_idx";
--> statement-breakpoint
-- An API key acts in the organisation it was made in; its creator stays on it beside that.
ALTER TABLE "api_keys" ADD COLUMN "organization_id" uuid;
--> statement-breakpoint
UPDATE "api_keys" SET "organization_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "organization_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "api_keys_user_idx";
--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");
--> statement-breakpoint
-- A session works in one organisation: a session open now goes on in the organisation of its user.
ALTER TABLE "sessions" ADD COLUMN "organization_id" uuid;
--> statement-breakpoint
UPDATE "sessions" SET "organization_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_completed";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "address";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "postal_code";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "city";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "country";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "website";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "phone_number";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "kvk_number";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "btw_number";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vat_number";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_account";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "account_name";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bank_name";
--> statement-breakpoint
-- The month totals' trigger function, as migration 0020 left it, on the renamed column; the triggers keep calling it by name.
CREATE OR REPLACE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "order_month_totals" AS t ("organization_id", "month", "status", "orders", "total", "subtotal")
		SELECT "organization_id", order_month_key("date"), "status", count(*)::integer, sum("total"), sum("subtotal")
		FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("organization_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total", "subtotal" = t."subtotal" + excluded."subtotal";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "order_month_totals" AS t ("organization_id", "month", "status", "orders", "total", "subtotal")
		SELECT "organization_id", "month", "status", sum("n")::integer, sum("amount"), sum("base")
		FROM (
			SELECT "organization_id", order_month_key("date") AS "month", "status", 1 AS "n", "total" AS "amount", "subtotal" AS "base" FROM "new_rows"
			UNION ALL
			SELECT "organization_id", order_month_key("date"), "status", -1, -"total", -"subtotal" FROM "old_rows"
		) AS d
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("organization_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total", "subtotal" = t."subtotal" + excluded."subtotal";
	ELSE
		UPDATE "order_month_totals" AS t
		SET "orders" = t."orders" - d."orders", "total" = t."total" - d."total", "subtotal" = t."subtotal" - d."subtotal"
		FROM (
			SELECT "organization_id", order_month_key("date") AS "month", "status", count(*)::integer AS "orders", sum("total") AS "total", sum("subtotal") AS "subtotal"
			FROM "old_rows" GROUP BY 1, 2, 3
		) AS d
		WHERE t."organization_id" = d."organization_id" AND t."month" = d."month" AND t."status" = d."status";
	END IF;
	RETURN NULL;
END
$$;
