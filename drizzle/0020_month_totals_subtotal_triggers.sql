-- Custom SQL migration file, put your code below! --
-- order_month_totals also sums the orders' subtotals (excl. VAT), the dashboard's revenue and chart. The trigger function of migration 0010 is replaced by the same one carrying "subtotal" beside "total"; the triggers keep calling it by name. Then the months already there get their subtotals, counted from the orders.
CREATE OR REPLACE FUNCTION "order_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "order_month_totals" AS t ("user_id", "month", "status", "orders", "total", "subtotal")
		SELECT "user_id", order_month_key("date"), "status", count(*)::integer, sum("total"), sum("subtotal")
		FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("user_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total", "subtotal" = t."subtotal" + excluded."subtotal";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "order_month_totals" AS t ("user_id", "month", "status", "orders", "total", "subtotal")
		SELECT "user_id", "month", "status", sum("n")::integer, sum("amount"), sum("base")
		FROM (
			SELECT "user_id", order_month_key("date") AS "month", "status", 1 AS "n", "total" AS "amount", "subtotal" AS "base" FROM "new_rows"
			UNION ALL
			SELECT "user_id", order_month_key("date"), "status", -1, -"total", -"subtotal" FROM "old_rows"
		) AS d
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("user_id", "month", "status")
		DO UPDATE SET "orders" = t."orders" + excluded."orders", "total" = t."total" + excluded."total", "subtotal" = t."subtotal" + excluded."subtotal";
	ELSE
		UPDATE "order_month_totals" AS t
		SET "orders" = t."orders" - d."orders", "total" = t."total" - d."total", "subtotal" = t."subtotal" - d."subtotal"
		FROM (
			SELECT "user_id", order_month_key("date") AS "month", "status", count(*)::integer AS "orders", sum("total") AS "total", sum("subtotal") AS "subtotal"
			FROM "old_rows" GROUP BY 1, 2, 3
		) AS d
		WHERE t."user_id" = d."user_id" AND t."month" = d."month" AND t."status" = d."status";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "order_month_totals" AS t
SET "subtotal" = d."subtotal"
FROM (
	SELECT "user_id", order_month_key("date") AS "month", "status", sum("subtotal") AS "subtotal"
	FROM "orders" GROUP BY 1, 2, 3
) AS d
WHERE t."user_id" = d."user_id" AND t."month" = d."month" AND t."status" = d."status";
