ALTER TABLE "fixed_orders" ADD COLUMN "ladder_apr" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fixed_orders" ADD COLUMN "ladder_slices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Orders opened before: the ladder their product has now, the nearest to the one they were sold with.
UPDATE "fixed_orders" AS o SET "ladder_apr" = p."ladder_apr" FROM "fixed_products" AS p WHERE p."id" = o."product_id";
--> statement-breakpoint
-- Held orders: end to end from 0 in the order they were opened, per user and product. That is at or
-- below where each was placed (above everything then held), so new orders go above them as before
-- and held parts never overlap.
UPDATE "fixed_orders" AS o SET "ladder_slices" = jsonb_build_array(jsonb_build_array(trim_scale(s.start)::text, trim_scale(s.start + o."principal")::text))
FROM (
  SELECT "id", coalesce(sum("principal") OVER (PARTITION BY "user_id", "product_id" ORDER BY "id"
    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS start
  FROM "fixed_orders" WHERE "state" = 'holding'
) AS s
WHERE o."id" = s."id" AND o."principal" > 0;
