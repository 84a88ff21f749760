-- Issue 17: a USDT withdrawal's address is checked (TRC20 base58check or ERC20 with EIP-55,
-- packages/domain withdrawal-address.ts) and the network it belongs to is kept with the withdrawal,
-- so the admin pays out on the right chain. Payee withdrawals (wechat, alipay) have none.
ALTER TABLE "withdrawals" ADD COLUMN "network" text;--> statement-breakpoint
-- Rows from before the check: the network by the address's shape (no checksum can be recomputed in
-- SQL); an address of neither shape keeps NULL and is shown as unknown.
UPDATE "withdrawals" SET "network" = CASE
  WHEN btrim("address") ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' THEN 'TRC20'
  WHEN btrim("address") ~ '^0x[0-9a-fA-F]{40}$' THEN 'ERC20'
END WHERE "withdraw_type" = 'usdt';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_network_known" CHECK ("network" IS NULL OR "network" IN ('TRC20', 'ERC20'));
