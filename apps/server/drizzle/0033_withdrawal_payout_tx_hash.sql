-- A USDT withdrawal's payout is a chain transaction (issue 20): the admin who marks it 已出款 enters
-- its hash, which the user then sees linked to the block explorer. Written once, with the completion,
-- in the form the service checked against the address's network (TRC20: 64 lower-case hex; ERC20:
-- 0x + 64 lower-case hex). Withdrawals completed before this have none.
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_tx_hash_completed" CHECK ("tx_hash" IS NULL OR "status" = 'completed');--> statement-breakpoint
-- One transfer pays one withdrawal: a hash pasted again (the previous payout's) is refused (409).
CREATE UNIQUE INDEX "withdrawals_tx_hash_key" ON "withdrawals" USING btree (normalise_tx_hash("tx_hash")) WHERE "tx_hash" IS NOT NULL;
