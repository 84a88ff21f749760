-- Perpetual take-profit / stop-loss and added margin (issue 20). A position keeps the reference
-- prices that close it (the liquidation job's turn checks them), the part of its margin added after
-- opening, and what ended it; each addition is a row whose id names its ledger transaction
-- (`perpetual:<order>:margin:<id>`). Positions closed before this are marked as the user's closes
-- or liquidations by their status: nothing else could end one then.
ALTER TABLE "perpetual_positions" ADD COLUMN "margin_added" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "take_profit_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "stop_loss_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "close_reason" text;--> statement-breakpoint
UPDATE "perpetual_positions"
   SET "close_reason" = CASE "status" WHEN 'liquidated' THEN 'liquidation' ELSE 'user' END
 WHERE "status" <> 'open';--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD CONSTRAINT "perpetual_positions_close_reason" CHECK ("perpetual_positions"."close_reason" IN ('user', 'take_profit', 'stop_loss', 'liquidation'));--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD CONSTRAINT "perpetual_positions_close_reason_when" CHECK (("perpetual_positions"."status" = 'open') = ("perpetual_positions"."close_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD CONSTRAINT "perpetual_positions_tpsl_positive" CHECK ("perpetual_positions"."take_profit_price" > 0 AND "perpetual_positions"."stop_loss_price" > 0);--> statement-breakpoint
CREATE INDEX "perpetual_positions_tpsl_idx" ON "perpetual_positions" USING btree ("symbol") WHERE "perpetual_positions"."status" = 'open' AND ("perpetual_positions"."take_profit_price" IS NOT NULL OR "perpetual_positions"."stop_loss_price" IS NOT NULL);--> statement-breakpoint
CREATE TABLE "perpetual_margin_additions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perpetual_margin_additions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"margin_after" numeric(38, 18) NOT NULL,
	"liquidation_price_after" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perpetual_margin_additions_amount_positive" CHECK ("perpetual_margin_additions"."amount" > 0)
);--> statement-breakpoint
ALTER TABLE "perpetual_margin_additions" ADD CONSTRAINT "perpetual_margin_additions_order_id_perpetual_positions_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."perpetual_positions"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_margin_additions" ADD CONSTRAINT "perpetual_margin_additions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "perpetual_margin_additions_order_idx" ON "perpetual_margin_additions" USING btree ("order_id");
