ALTER TABLE "outbox" ADD COLUMN "from" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text;