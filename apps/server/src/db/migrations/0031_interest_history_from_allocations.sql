ALTER TABLE "flexible_hours" ADD COLUMN "paid_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Interest paid before this: the history rows of the hours whose allocations are still kept are
-- dropped, and each of those hours marked paid through the last position it paid, so that its
-- allocations stand for that history from now on and are archived with the later hours'.
WITH "paid" AS (
  DELETE FROM "earn_history" AS h USING "flexible_allocations" AS a
  WHERE h."product" = 'flexible' AND h."type" = 3 AND a."interest" > 0
    AND h."user_id" = a."user_id" AND h."coin" = a."coin" AND h."at" = a."hour" + interval '1 hour'
  RETURNING a."coin", a."hour", a."position_id"
)
UPDATE "flexible_hours" AS fh SET "paid_through" = p."last"
FROM (SELECT "coin", "hour", max("position_id") AS "last" FROM "paid" GROUP BY "coin", "hour") AS p
WHERE fh."coin" = p."coin" AND fh."hour" = p."hour";
