CREATE TABLE "order_month_totals" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "order_month_totals_user_id_month_status_pk" PRIMARY KEY("user_id","month","status")
);
--> statement-breakpoint
DROP INDEX "orders_user_status_date_idx";--> statement-breakpoint
ALTER TABLE "order_month_totals" ADD CONSTRAINT "order_month_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_company_trgm_idx" ON "customers" USING gin ("company" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_city_trgm_idx" ON "customers" USING gin ("city" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin (lower("order_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_project_trgm_idx" ON "orders" USING gin (lower("project") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_customer_search_trgm_idx" ON "orders" USING gin ("customer_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_user_status_date_idx" ON "orders" USING btree ("user_id","status","date" DESC NULLS LAST,"id" DESC NULLS LAST);