CREATE TABLE "soft_staking_coins" (
	"coin" text PRIMARY KEY NOT NULL,
	"apr" numeric(38, 18) NOT NULL,
	"min_holding" numeric(38, 18) NOT NULL,
	"cap" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soft_staking_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"day" text NOT NULL,
	"base" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soft_staking_samples" (
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"day" text NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "soft_staking_samples_user_id_coin_day_pk" PRIMARY KEY("user_id","coin","day")
);
--> statement-breakpoint
CREATE TABLE "soft_staking_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "soft_staking_coins" ADD CONSTRAINT "soft_staking_coins_coin_coins_symbol_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_staking_users" ADD CONSTRAINT "soft_staking_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soft_staking_rewards_user_idx" ON "soft_staking_rewards" USING btree ("user_id","day");