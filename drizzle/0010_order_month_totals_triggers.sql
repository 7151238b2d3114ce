-- Custom SQL migration file, put your code below! --
-- order_month_totals (see src/db/schema/orders.ts) follows every insert, update and delete on orders, in the same transaction, one statement at a time: the changed rows are grouped per user, month in Europe/Amsterdam (shared/constants TIME_ZONE) and status, and added (new rows) or subtracted (old rows). Inserts and updates go through one upsert in key order, so two transactions lock the rows they share in the same order. A delete only subtracts from rows that exist: when a user is deleted, the cascade may already have removed that user's rows.
CREATE FUNCTION "order_month_key"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN date_trunc('month', "at" AT TIME ZONE 'Europe/Amsterdam')::date;
--> statement-breakpoint
CREATE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "order_month_totals" AS t ("user_id", "month", "status", "orders", "total")
		SELECT "user_id", order_month_key("date"), "status", count(*)::integer, sum("total")
		FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("user_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "order_month_totals" AS t ("user_id", "month", "status", "orders", "total")
		SELECT "user_id", "month", "status", sum("n")::integer, sum("amount")
		FROM (
			SELECT "user_id", order_month_key("date") AS "month", "status", 1 AS "n", "total" AS "amount" FROM "new_rows"
			UNION ALL
			SELECT "user_id", order_month_key("date"), "status", -1, -"total" FROM "old_rows"
		) AS d
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("user_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total";
	ELSE
		UPDATE "order_month_totals" AS t
		SET "orders" = t."orders" - d."orders", "total" = t."total" - d."total"
		FROM (
			SELECT "user_id", order_month_key("date") AS "month", "status", count(*)::integer AS "orders", sum("total") AS "total"
			FROM "old_rows" GROUP BY 1, 2, 3
		) AS d
		WHERE t."user_id" = d."user_id" AND t."month" = d."month" AND t."status" = d."status";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_month_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_month_totals_apply"();
--> statement-breakpoint
-- The orders already there.
INSERT INTO "order_month_totals" ("user_id", "month", "status", "orders", "total")
SELECT "user_id", order_month_key("date"), "status", count(*)::integer, sum("total")
FROM "orders" GROUP BY 1, 2, 3;
