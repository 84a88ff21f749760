CREATE TABLE "perpetual_positions" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"leverage" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"entry_source" text NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"maintenance_rate" numeric(38, 18) NOT NULL,
	"liquidation_price" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"close_price" numeric(38, 18),
	"close_source" text,
	"close_price_at" timestamp with time zone,
	"close_fee" numeric(38, 18),
	"realised_pnl" numeric(38, 18),
	"payout" numeric(38, 18),
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "perpetual_positions_status" CHECK ("perpetual_positions"."status" IN ('open', 'closed', 'liquidated')),
	CONSTRAINT "perpetual_positions_side" CHECK ("perpetual_positions"."side" IN ('long', 'short')),
	CONSTRAINT "perpetual_positions_margin_positive" CHECK ("perpetual_positions"."margin" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_ticks" (
	"symbol" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "price_ticks_pkey" PRIMARY KEY("symbol","at"),
	CONSTRAINT "price_ticks_price_positive" CHECK ("price_ticks"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "spot_fills" (
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quote_amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"price_source" text NOT NULL,
	"price_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_fills_pkey" PRIMARY KEY("order_id","seq"),
	CONSTRAINT "spot_fills_quantity_positive" CHECK ("spot_fills"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "timed_contracts" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product" text NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"payout_rate" numeric(38, 18) NOT NULL,
	"duration_seconds" integer NOT NULL,
	"level" integer,
	"period" text,
	"entry_price" numeric(38, 18) NOT NULL,
	"entry_source" text NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"settle_price" numeric(38, 18),
	"settle_source" text,
	"settle_price_at" timestamp with time zone,
	"payout" numeric(38, 18),
	"settled_at" timestamp with time zone,
	CONSTRAINT "timed_contracts_product" CHECK ("timed_contracts"."product" IN ('flash', 'option')),
	CONSTRAINT "timed_contracts_status" CHECK ("timed_contracts"."status" IN ('open', 'settled')),
	CONSTRAINT "timed_contracts_outcome" CHECK ("timed_contracts"."outcome" IS NULL OR "timed_contracts"."outcome" IN ('win', 'loss', 'draw', 'void')),
	CONSTRAINT "timed_contracts_settled_complete" CHECK ("timed_contracts"."status" = 'open' OR ("timed_contracts"."outcome" IS NOT NULL AND "timed_contracts"."payout" IS NOT NULL)),
	CONSTRAINT "timed_contracts_stake_positive" CHECK ("timed_contracts"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product" text NOT NULL,
	"symbol" text NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text,
	"time_in_force" text,
	"amount" numeric(38, 18) NOT NULL,
	"amount_currency" text NOT NULL,
	"price" numeric(38, 18),
	"filled_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"avg_price" numeric(38, 18),
	"quote_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"frozen_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen_currency" text,
	"client_order_id" text,
	"cancelled_by" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trade_orders_product" CHECK ("trade_orders"."product" IN ('spot', 'flash', 'perpetual', 'option')),
	CONSTRAINT "trade_orders_status" CHECK ("trade_orders"."status" IN ('pending', 'partial', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "trade_orders_amount_positive" CHECK ("trade_orders"."amount" > 0),
	CONSTRAINT "trade_orders_filled_range" CHECK ("trade_orders"."filled_amount" >= 0 AND "trade_orders"."filled_amount" <= "trade_orders"."amount"),
	CONSTRAINT "trade_orders_frozen_non_negative" CHECK ("trade_orders"."frozen_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trading_pairs" ADD COLUMN "fee_rate" numeric(38, 18) DEFAULT '0.001' NOT NULL;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD CONSTRAINT "perpetual_positions_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD CONSTRAINT "perpetual_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_contracts" ADD CONSTRAINT "timed_contracts_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timed_contracts" ADD CONSTRAINT "timed_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "perpetual_positions_open_idx" ON "perpetual_positions" USING btree ("symbol") WHERE "perpetual_positions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "perpetual_positions_user_idx" ON "perpetual_positions" USING btree ("user_id","status","order_id");--> statement-breakpoint
CREATE INDEX "price_ticks_at_idx" ON "price_ticks" USING btree ("at");--> statement-breakpoint
CREATE INDEX "timed_contracts_due_idx" ON "timed_contracts" USING btree ("expires_at") WHERE "timed_contracts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "timed_contracts_user_idx" ON "timed_contracts" USING btree ("user_id","product","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_client_order_key" ON "trade_orders" USING btree ("user_id","client_order_id") WHERE "trade_orders"."client_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_orders_user_idx" ON "trade_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_orders_product_status_idx" ON "trade_orders" USING btree ("product","status","id");--> statement-breakpoint
CREATE INDEX "trade_orders_status_idx" ON "trade_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "trade_orders_created_idx" ON "trade_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_open_spot_idx" ON "trade_orders" USING btree ("symbol","side","price") WHERE "trade_orders"."product" = 'spot' AND "trade_orders"."status" IN ('pending', 'partial');