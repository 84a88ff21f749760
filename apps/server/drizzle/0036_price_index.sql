-- The reference price is an index of several venues (issue 30): every recorded tick and every
-- price that decided a contract keeps the index's components (source, price, observation time,
-- status, deviation), so anyone can recompute the median. Rows recorded before the index have none.
ALTER TABLE "price_ticks" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "timed_contracts" ADD COLUMN "entry_components" jsonb;--> statement-breakpoint
ALTER TABLE "timed_contracts" ADD COLUMN "settle_components" jsonb;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "entry_components" jsonb;--> statement-breakpoint
ALTER TABLE "perpetual_positions" ADD COLUMN "close_components" jsonb;--> statement-breakpoint
-- Each change of a source's status for a pair, as an instance saw it: the back office's minutes
-- excluded in the last 24 h are the intervals between these rows.
CREATE TABLE "price_source_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_source_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"status" text NOT NULL,
	"price" numeric(38, 18),
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_source_events_status" CHECK ("price_source_events"."status" IN ('included', 'outlier', 'stale', 'error'))
);
--> statement-breakpoint
CREATE INDEX "price_source_events_source_symbol_at_idx" ON "price_source_events" USING btree ("source","symbol","at");--> statement-breakpoint
CREATE INDEX "price_source_events_at_idx" ON "price_source_events" USING btree ("at");
