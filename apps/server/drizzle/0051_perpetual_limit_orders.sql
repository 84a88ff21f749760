-- Perpetual limit orders and partial closes (issue 33, docs/perpetual-positions.md). A limit order
-- freezes margin + open fee and waits for the index to reach its price; the position it opens keeps
-- the order's id. Each partial close is a row with its own ledger key (perpetual:<order>:reduce:<id>).
CREATE TABLE "perpetual_limit_orders" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"limit_price" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "perpetual_limit_orders_status" CHECK ("perpetual_limit_orders"."status" IN ('pending', 'filled', 'cancelled')),
	CONSTRAINT "perpetual_limit_orders_side" CHECK ("perpetual_limit_orders"."side" IN ('long', 'short')),
	CONSTRAINT "perpetual_limit_orders_positive" CHECK ("perpetual_limit_orders"."limit_price" > 0 AND "perpetual_limit_orders"."margin" > 0)
);
--> statement-breakpoint
ALTER TABLE "perpetual_limit_orders" ADD CONSTRAINT "perpetual_limit_orders_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_limit_orders" ADD CONSTRAINT "perpetual_limit_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "perpetual_limit_orders_pending_idx" ON "perpetual_limit_orders" USING btree ("symbol") WHERE "perpetual_limit_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "perpetual_limit_orders_user_idx" ON "perpetual_limit_orders" USING btree ("user_id","status","order_id");--> statement-breakpoint
CREATE TABLE "perpetual_partial_closes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perpetual_partial_closes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"margin_released" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"price_source" text NOT NULL,
	"price_at" timestamp with time zone NOT NULL,
	"price_components" jsonb,
	"fee" numeric(38, 18) NOT NULL,
	"realised_pnl" numeric(38, 18) NOT NULL,
	"payout" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perpetual_partial_closes_quantity_positive" CHECK ("perpetual_partial_closes"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "perpetual_partial_closes" ADD CONSTRAINT "perpetual_partial_closes_order_id_perpetual_positions_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."perpetual_positions"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_partial_closes" ADD CONSTRAINT "perpetual_partial_closes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "perpetual_partial_closes_order_idx" ON "perpetual_partial_closes" USING btree ("order_id");
