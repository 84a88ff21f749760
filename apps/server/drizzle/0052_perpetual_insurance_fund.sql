-- The insurance fund (issue 34, docs/insurance-fund.md): what each liquidation moved to the system
-- account house_insurance (positive: the position's remaining equity) or drew from it (negative: the
-- gap of a position whose mark passed its bankruptcy price). The ledger verifier sums it.
ALTER TABLE "perpetual_positions" ADD COLUMN "insurance_amount" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "perpetual_positions_insurance_idx" ON "perpetual_positions" USING btree ("closed_at","order_id") WHERE "perpetual_positions"."insurance_amount" <> 0;
