-- Perpetual funding (issue 34, docs/perpetual-funding.md): each pair's rate and mark fixed once per
-- funding instant, and each position's payment at it (ledger key perpetual:<order>:funding:<instant>),
-- unique per position and instant. A position keeps its net funding and the part of its margin that
-- came from funding (the opening margin stays margin − margin_added − funding_margin).
ALTER TABLE "perpetual_positions" ADD COLUMN "funding" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "funding_margin" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE TABLE "perpetual_funding_rates" (
	"symbol" text NOT NULL,
	"funding_at" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"rate_components" jsonb,
	"mark_price" numeric(38, 18) NOT NULL,
	"mark_source" text NOT NULL,
	"mark_at" timestamp with time zone NOT NULL,
	"mark_components" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "perpetual_funding_rates_pkey" PRIMARY KEY("symbol","funding_at"),
	CONSTRAINT "perpetual_funding_rates_mark_positive" CHECK ("perpetual_funding_rates"."mark_price" > 0)
);
--> statement-breakpoint
CREATE INDEX "perpetual_funding_rates_at_idx" ON "perpetual_funding_rates" USING btree ("funding_at");--> statement-breakpoint
CREATE TABLE "perpetual_funding_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perpetual_funding_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"funding_at" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"mark_price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"liquidated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perpetual_funding_payments_side" CHECK ("perpetual_funding_payments"."side" IN ('long', 'short')),
	CONSTRAINT "perpetual_funding_payments_liquidated_zero" CHECK (NOT "perpetual_funding_payments"."liquidated" OR "perpetual_funding_payments"."amount" = 0)
);
--> statement-breakpoint
ALTER TABLE "perpetual_funding_payments" ADD CONSTRAINT "perpetual_funding_payments_order_id_perpetual_positions_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."perpetual_positions"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perpetual_funding_payments" ADD CONSTRAINT "perpetual_funding_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "perpetual_funding_payments_order_at_key" ON "perpetual_funding_payments" USING btree ("order_id","funding_at");--> statement-breakpoint
CREATE INDEX "perpetual_funding_payments_user_idx" ON "perpetual_funding_payments" USING btree ("user_id","funding_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "perpetual_funding_payments_symbol_idx" ON "perpetual_funding_payments" USING btree ("symbol","funding_at");
