CREATE TABLE "order_counters" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "order_counters_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "order_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text DEFAULT 'INK' NOT NULL,
	"include_year" boolean DEFAULT true NOT NULL,
	"starting_number" integer DEFAULT 1001 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'stuk' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"vat" text DEFAULT '21' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_unit_check" CHECK ("order_items"."unit" in ('stuk', 'uur', 'dag', 'meter', 'm2')),
	CONSTRAINT "order_items_vat_check" CHECK ("order_items"."vat" in ('21', '9', '0', 'verlegd'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"customer_id" uuid,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"project" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payment_term" integer DEFAULT 14 NOT NULL,
	"status" text DEFAULT 'concept' NOT NULL,
	"btw_verlegd" boolean DEFAULT false NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('concept', 'sent', 'paid', 'cancelled')),
	CONSTRAINT "orders_payment_term_check" CHECK ("orders"."payment_term" in (14, 30, 60))
);
--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_number_idx" ON "orders" USING btree ("user_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_user_date_idx" ON "orders" USING btree ("user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_status_date_idx" ON "orders" USING btree ("user_id","status","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_number_lower_idx" ON "orders" USING btree ("user_id",lower("order_number"));--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");