-- 风险敞口 (issue 34, docs/risk-exposure.md): the aggregates of the house's exposure read only these
-- partial covering indexes of the open rows (index-only scans on PostgreSQL), and the alert thresholds
-- per pair with the crossings not yet back under (one row per crossing: its insert notifies once).
CREATE INDEX "perpetual_positions_exposure_idx" ON "perpetual_positions" USING btree ("symbol","side") INCLUDE ("quantity","entry_price","margin","user_id") WHERE "perpetual_positions"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "perpetual_positions_size_idx" ON "perpetual_positions" USING btree ("symbol","quantity" DESC) WHERE "perpetual_positions"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "timed_contracts_exposure_idx" ON "timed_contracts" USING btree ("symbol","direction") INCLUDE ("stake","payout_rate","user_id") WHERE "timed_contracts"."status" = 'open';
--> statement-breakpoint
CREATE TABLE "risk_thresholds" (
	"symbol" text PRIMARY KEY NOT NULL,
	"net_notional" numeric(38, 18),
	"worst_case_loss" numeric(38, 18),
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_thresholds_positive" CHECK ("risk_thresholds"."net_notional" > 0 AND "risk_thresholds"."worst_case_loss" > 0),
	CONSTRAINT "risk_thresholds_some" CHECK ("risk_thresholds"."net_notional" IS NOT NULL OR "risk_thresholds"."worst_case_loss" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "risk_thresholds" ADD CONSTRAINT "risk_thresholds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "risk_alerts" (
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" numeric(38, 18) NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_alerts_pkey" PRIMARY KEY("symbol","kind"),
	CONSTRAINT "risk_alerts_kind" CHECK ("risk_alerts"."kind" IN ('net_notional', 'worst_case_loss'))
);
--> statement-breakpoint
CREATE INDEX "perpetual_funding_payments_exposure_idx" ON "perpetual_funding_payments" USING btree ("funding_at") INCLUDE ("symbol","amount");
