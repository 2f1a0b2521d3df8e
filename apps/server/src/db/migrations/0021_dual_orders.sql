CREATE TABLE "dual_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"coin" text NOT NULL,
	"invest_coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"strike_price" numeric(38, 18) NOT NULL,
	"apy" numeric(38, 18) NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"settlement_coin" text,
	"settlement_amount" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dual_orders" ADD CONSTRAINT "dual_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dual_orders_user_idx" ON "dual_orders" USING btree ("user_id","id");