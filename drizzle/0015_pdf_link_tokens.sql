CREATE TABLE "pdf_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"pdf_file_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pdf_link_tokens" ADD CONSTRAINT "pdf_link_tokens_pdf_file_id_pdf_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."pdf_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_link_tokens_file_idx" ON "pdf_link_tokens" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "pdf_link_tokens_expires_idx" ON "pdf_link_tokens" USING btree ("expires_at");