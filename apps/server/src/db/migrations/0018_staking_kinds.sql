CREATE TABLE "staking_debts" (
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"minted" numeric(38, 18) NOT NULL,
	CONSTRAINT "staking_debts_product_id_user_id_pk" PRIMARY KEY("product_id","user_id"),
	CONSTRAINT "staking_debts_minted_check" CHECK ("staking_debts"."minted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staking_mints" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"mint_at" timestamp with time zone NOT NULL,
	"tokens" numeric(38, 18),
	"rate" numeric(38, 18),
	"minted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staking_tasks_done" (
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staking_tasks_done_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "staking_days" ADD COLUMN "exchange_rate" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "extra_interest_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "extra_interest_task" jsonb;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "exchange_type" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "receipt_coin" text;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "exchange_rate" numeric(38, 18) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "mint_coin" text;--> statement-breakpoint
ALTER TABLE "staking_products" ADD COLUMN "mint_ratio" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "staking_debts" ADD CONSTRAINT "staking_debts_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_debts" ADD CONSTRAINT "staking_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_mints" ADD CONSTRAINT "staking_mints_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_mints" ADD CONSTRAINT "staking_mints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_tasks_done" ADD CONSTRAINT "staking_tasks_done_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_tasks_done" ADD CONSTRAINT "staking_tasks_done_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staking_mints_due_idx" ON "staking_mints" USING btree ("product_id","mint_at") WHERE "staking_mints"."minted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "staking_mints_user_idx" ON "staking_mints" USING btree ("user_id","product_id");--> statement-breakpoint
ALTER TABLE "staking_products" ADD CONSTRAINT "staking_products_receipt_coin_coins_symbol_fk" FOREIGN KEY ("receipt_coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_products" ADD CONSTRAINT "staking_products_mint_coin_coins_symbol_fk" FOREIGN KEY ("mint_coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;