-- A transaction hash is one claim however it is written (issue 16). The service stores, beside what
-- the user typed, its normalised form (packages/domain normaliseTxHash: whitespace and Unicode format
-- characters \p{Cf} removed anywhere, lower case, one leading 0x dropped); the duplicate check and the
-- admin search compare that form.
--
-- normalise_tx_hash is the same rule in SQL, for the backfill below (and kept so that its test can
-- compare it with the domain function over every such character). The class lists \s and \p{Cf} of
-- Unicode 17 explicitly: PostgreSQL's regular expressions know no \p{...}.
CREATE OR REPLACE FUNCTION "normalise_tx_hash"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $fn$
    SELECT regexp_replace(
      lower(regexp_replace(
        "value",
        '[\u0009-\u000D\u0020\u00A0\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u2066-\u206F\u3000\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F]',
        '',
        'g'
      )),
      '^0x',
      ''
    )
  $fn$;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "tx_hash_normalized" text;--> statement-breakpoint
UPDATE "deposits" SET "tx_hash_normalized" = NULLIF(normalise_tx_hash("tx_hash"), '') WHERE "tx_hash" IS NOT NULL;--> statement-breakpoint
-- Claims written before the rule that are one transfer: of the live ones (not rejected) in the same
-- currency, the approved one (else the earliest) keeps the hash. Later claims still waiting for review
-- are rejected with the reason, as a new one would be refused. A later claim that was already approved
-- (the transfer was credited twice under the old rule) cannot be undone here: it stays approved with
-- its typed hash, and its normalised hash is left empty so that the unique index below can hold;
-- the first claim's normalised hash still refuses any new claim of that transfer.
WITH "ranked" AS (
  SELECT "id", "status", row_number() OVER (
    PARTITION BY "currency", "tx_hash_normalized"
    ORDER BY ("status" = 'approved') DESC, "created_at", "id"
  ) AS "n"
  FROM "deposits"
  WHERE "tx_hash_normalized" IS NOT NULL AND "status" <> 'rejected'
)
UPDATE "deposits" AS "d"
   SET "status" = CASE WHEN "r"."status" = 'approved' THEN "d"."status" ELSE 'rejected' END,
       "admin_note" = CASE WHEN "r"."status" = 'approved' THEN "d"."admin_note"
                           ELSE '该交易哈希已提交过充值申请（系统核查重复交易哈希时拒绝）' END,
       "reviewed_at" = CASE WHEN "r"."status" = 'approved' THEN "d"."reviewed_at" ELSE now() END,
       "tx_hash_normalized" = CASE WHEN "r"."status" = 'approved' THEN NULL ELSE "d"."tx_hash_normalized" END,
       "updated_at" = now()
  FROM "ranked" AS "r"
 WHERE "r"."id" = "d"."id" AND "r"."n" > 1;--> statement-breakpoint
DROP INDEX IF EXISTS "deposits_tx_hash_key";--> statement-breakpoint
-- One live claim per transfer: the same transfer cannot be credited twice, however its hash is written.
CREATE UNIQUE INDEX "deposits_tx_hash_normalized_key" ON "deposits" USING btree ("currency","tx_hash_normalized") WHERE "deposits"."tx_hash_normalized" IS NOT NULL AND "deposits"."status" <> 'rejected';--> statement-breakpoint
-- The admin search by normalised hash, any status.
CREATE INDEX "deposits_tx_hash_normalized_idx" ON "deposits" USING btree ("tx_hash_normalized") WHERE "deposits"."tx_hash_normalized" IS NOT NULL;--> statement-breakpoint
-- 今日充值 / 今日提现 on the wallet overview and the deposit stats: approved (completed) today,
-- whenever requested.
CREATE INDEX "deposits_approved_processed_idx" ON "deposits" USING btree ("currency","processed_at") WHERE "deposits"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "withdrawals_completed_at_idx" ON "withdrawals" USING btree ("currency","completed_at") WHERE "withdrawals"."status" = 'completed';
