-- 价格提醒 (issue 33): a user's alerts on a pair's reference (index) price. The price-alerts job
-- fires an armed active alert whose condition the latest index price meets, in one UPDATE that
-- disarms it (a once alert becomes triggered), so a second runner or a repeat turn finds nothing to
-- fire; an every-time alert is armed again once the price is back across its price.
CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"repeat" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"triggered_count" integer DEFAULT 0 NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"last_triggered_price" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_direction" CHECK ("price_alerts"."direction" IN ('above', 'below')),
	CONSTRAINT "price_alerts_repeat" CHECK ("price_alerts"."repeat" IN ('once', 'every')),
	CONSTRAINT "price_alerts_status" CHECK ("price_alerts"."status" IN ('active', 'triggered')),
	CONSTRAINT "price_alerts_price_positive" CHECK ("price_alerts"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "price_alerts_active_symbol_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'active';
