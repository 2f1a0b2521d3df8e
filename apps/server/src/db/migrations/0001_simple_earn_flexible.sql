CREATE TABLE "auto_invest" (
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"status" integer NOT NULL,
	CONSTRAINT "auto_invest_user_id_asset_pk" PRIMARY KEY("user_id","asset")
);
--> statement-breakpoint
CREATE TABLE "earn_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product" text NOT NULL,
	"type" integer NOT NULL,
	"mode" integer DEFAULT 0 NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"principal" numeric(38, 18),
	"rate" numeric(38, 18),
	"bonus_asset" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"mold" text NOT NULL,
	"locale" text NOT NULL,
	"position" integer NOT NULL,
	"cate" integer DEFAULT 1 NOT NULL,
	"ask" text NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "faqs_mold_locale_position_pk" PRIMARY KEY("mold","locale","position")
);
--> statement-breakpoint
CREATE TABLE "flexible_allocations" (
	"position_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"offered" numeric(38, 18) NOT NULL,
	"lent" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "flexible_allocations_position_id_hour_pk" PRIMARY KEY("position_id","hour")
);
--> statement-breakpoint
CREATE TABLE "flexible_demand_overrides" (
	"coin" text NOT NULL,
	"from_hour" timestamp with time zone NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"max_rate" numeric(38, 18) NOT NULL,
	CONSTRAINT "flexible_demand_overrides_coin_from_hour_pk" PRIMARY KEY("coin","from_hour")
);
--> statement-breakpoint
CREATE TABLE "flexible_hours" (
	"coin" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"demand" numeric(38, 18) NOT NULL,
	"max_rate" numeric(38, 18) NOT NULL,
	"supply" numeric(38, 18) NOT NULL,
	"lent" numeric(38, 18) NOT NULL,
	"lend_ratio" numeric(38, 18) NOT NULL,
	"interest_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "flexible_hours_coin_hour_pk" PRIMARY KEY("coin","hour")
);
--> statement-breakpoint
CREATE TABLE "flexible_markets" (
	"coin" text PRIMARY KEY NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"limit_min_rate" numeric(38, 18) NOT NULL,
	"max_rate" numeric(38, 18) DEFAULT '0.05' NOT NULL,
	"min_lend_amount" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(38, 18) DEFAULT '0.18' NOT NULL,
	"demand_base" numeric(38, 18) NOT NULL,
	"demand_rate" numeric(38, 18) NOT NULL,
	"award_asset" text,
	"award_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"award_limit" numeric(38, 18) DEFAULT '0' NOT NULL,
	"award_start_at" timestamp with time zone,
	"award_end_at" timestamp with time zone,
	"ladder_apr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ladder_asset" text,
	"sort_order" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flexible_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"account_id" bigint NOT NULL,
	"redeeming_account_id" bigint NOT NULL,
	"min_rate" numeric(38, 18) NOT NULL,
	"priority_at" timestamp with time zone NOT NULL,
	"prev_min_rate" numeric(38, 18) NOT NULL,
	"prev_priority_at" timestamp with time zone NOT NULL,
	"rate_changed_at" timestamp with time zone NOT NULL,
	"book_hour" timestamp with time zone,
	"book_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"ineligible_boundary" timestamp with time zone,
	"ineligible_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"prev_ineligible_boundary" timestamp with time zone,
	"prev_ineligible_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"lend_hour" timestamp with time zone,
	"lend_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"last_interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cumulative_interest" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flexible_positions_user_coin_uq" UNIQUE("user_id","coin")
);
--> statement-breakpoint
ALTER TABLE "auto_invest" ADD CONSTRAINT "auto_invest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_demand_overrides" ADD CONSTRAINT "flexible_demand_overrides_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_markets" ADD CONSTRAINT "flexible_markets_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_markets" ADD CONSTRAINT "flexible_markets_award_asset_coins_symbol_fk" FOREIGN KEY ("award_asset") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_markets" ADD CONSTRAINT "flexible_markets_ladder_asset_coins_symbol_fk" FOREIGN KEY ("ladder_asset") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD CONSTRAINT "flexible_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD CONSTRAINT "flexible_positions_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD CONSTRAINT "flexible_positions_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexible_positions" ADD CONSTRAINT "flexible_positions_redeeming_account_id_ledger_accounts_id_fk" FOREIGN KEY ("redeeming_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_history_user_idx" ON "earn_history" USING btree ("user_id","product","at");--> statement-breakpoint
CREATE INDEX "flexible_allocations_user_idx" ON "flexible_allocations" USING btree ("user_id","coin","hour");--> statement-breakpoint
CREATE INDEX "flexible_positions_coin_idx" ON "flexible_positions" USING btree ("coin");