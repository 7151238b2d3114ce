CREATE TABLE "order_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_email_id" uuid,
	"token_hash" text NOT NULL,
	"version_hash" text NOT NULL,
	"document" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"decision" text,
	"responded_at" timestamp with time zone,
	"respondent_name" text,
	"response_note" text,
	"response_delivery_date" date,
	"response_lines" jsonb,
	"changes_applied_at" timestamp with time zone,
	CONSTRAINT "order_confirmations_decision_check" CHECK ("order_confirmations"."decision" is null or "order_confirmations"."decision" in ('accepted', 'rejected', 'changes_requested')),
	CONSTRAINT "order_confirmations_answer_check" CHECK (("order_confirmations"."decision" is null) = ("order_confirmations"."responded_at" is null) and ("order_confirmations"."decision" is null) = ("order_confirmations"."respondent_name" is null))
);
--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_order_email_id_order_emails_id_fk" FOREIGN KEY ("order_email_id") REFERENCES "public"."order_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_confirmations_token_idx" ON "order_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "order_confirmations_current_idx" ON "order_confirmations" USING btree ("order_id") WHERE "order_confirmations"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "order_confirmations_org_current_idx" ON "order_confirmations" USING btree ("organization_id","decision") WHERE "order_confirmations"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "order_confirmations_order_idx" ON "order_confirmations" USING btree ("order_id","sent_at");