CREATE TABLE "pdf_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"download_name" text NOT NULL,
	"html_hash" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"primary_color" text DEFAULT '#1E40AF' NOT NULL,
	"secondary_color" text DEFAULT '#F3F4F6' NOT NULL,
	"template" text DEFAULT 'classic' NOT NULL,
	"show_bank_account" boolean DEFAULT true NOT NULL,
	"footer_notes" text DEFAULT '' NOT NULL,
	"font_family" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_settings_template_check" CHECK ("pdf_settings"."template" in ('classic', 'modern', 'minimal'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "pdf_files" ADD CONSTRAINT "pdf_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_files" ADD CONSTRAINT "pdf_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_settings" ADD CONSTRAINT "pdf_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_files_filename_idx" ON "pdf_files" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "pdf_files_user_order_hash_idx" ON "pdf_files" USING btree ("user_id","order_id","html_hash");--> statement-breakpoint
CREATE INDEX "pdf_files_created_idx" ON "pdf_files" USING btree ("created_at");--> statement-breakpoint
-- Existing orders get the snapshot of the customer they point at now; orders whose customer is already gone stay without one.
UPDATE "orders" SET "customer_snapshot" = jsonb_build_object(
	'name', c."name", 'company', c."company", 'contactPerson', c."contact_person", 'email', c."email",
	'address', c."address", 'postalCode', c."postal_code", 'city', c."city", 'country', c."country",
	'btwNumber', c."btw_number")
FROM "customers" c
WHERE c."id" = "orders"."customer_id" AND c."user_id" = "orders"."user_id" AND "orders"."customer_snapshot" IS NULL;
