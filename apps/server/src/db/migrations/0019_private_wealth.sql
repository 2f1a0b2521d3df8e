CREATE TABLE "wealth_navs" (
	"product_id" integer NOT NULL,
	"day" text NOT NULL,
	"nav" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"units" numeric(38, 18),
	CONSTRAINT "wealth_navs_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "wealth_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(38, 18),
	"units" numeric(38, 18),
	"status" text NOT NULL,
	"carried" numeric(38, 18) DEFAULT '0' NOT NULL,
	"nav" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"valued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wealth_positions" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cost" numeric(38, 18) DEFAULT '0' NOT NULL,
	"redeemed" numeric(38, 18) DEFAULT '0' NOT NULL,
	"units_pending" numeric(38, 18) DEFAULT '0' NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wealth_positions_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "wealth_positions_units_check" CHECK ("wealth_positions"."units" >= "wealth_positions"."units_pending" AND "wealth_positions"."units_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wealth_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_type" integer NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"min_purchase" numeric(38, 18) NOT NULL,
	"min_tier" integer DEFAULT 1 NOT NULL,
	"manager" text NOT NULL,
	"strategy" text NOT NULL,
	"disclaimer" text NOT NULL,
	"fee_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"gate_percent" numeric(38, 18),
	"nav" numeric(38, 18) NOT NULL,
	"units" numeric(38, 18) DEFAULT '0' NOT NULL,
	"simulation" jsonb,
	"launched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wealth_navs" ADD CONSTRAINT "wealth_navs_product_id_wealth_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."wealth_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_orders" ADD CONSTRAINT "wealth_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_orders" ADD CONSTRAINT "wealth_orders_product_id_wealth_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."wealth_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_positions" ADD CONSTRAINT "wealth_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_positions" ADD CONSTRAINT "wealth_positions_product_id_wealth_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."wealth_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_products" ADD CONSTRAINT "wealth_products_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wealth_orders_pending_idx" ON "wealth_orders" USING btree ("product_id","id") WHERE "wealth_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wealth_orders_user_idx" ON "wealth_orders" USING btree ("user_id","product_id","id");