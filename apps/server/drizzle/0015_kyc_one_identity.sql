-- One identity per person (issue 16): an ID number is held by at most one account at a time, by its
-- application that is pending, reviewing or approved. Numbers are compared in their stored form,
-- trimmed and upper-case (the X check character), which the service already writes; the existing
-- rows are brought to it first.
UPDATE "kyc_applications" SET "id_number" = upper(btrim("id_number")) WHERE "id_number" <> upper(btrim("id_number"));--> statement-breakpoint
-- Duplicates written before the rule: the earliest approved application (else the earliest
-- submitted) keeps the number; the others are rejected with the reason, and their accounts' KYC
-- status follows (each account has at most one live application, so that status was this one's).
WITH "ranked" AS (
  SELECT "id", row_number() OVER (
    PARTITION BY upper(btrim("id_number"))
    ORDER BY ("status" = 'approved') DESC, "created_at", "id"
  ) AS "n"
  FROM "kyc_applications"
  WHERE "status" IN ('pending', 'reviewing', 'approved')
), "refused" AS (
  UPDATE "kyc_applications" AS "k"
     SET "status" = 'rejected',
         "admin_note" = '该证件号码已被其他账户使用（系统核查重复证件时拒绝）',
         "reviewed_at" = now(),
         "updated_at" = now()
    FROM "ranked" AS "r"
   WHERE "r"."id" = "k"."id" AND "r"."n" > 1
  RETURNING "k"."user_id"
)
UPDATE "users" SET "kyc_status" = 'rejected', "updated_at" = now()
 WHERE "id" IN (SELECT "user_id" FROM "refused");--> statement-breakpoint
-- Race-safe: of two accounts submitting the same number at once, the second insert fails here.
CREATE UNIQUE INDEX "kyc_applications_one_identity_key" ON "kyc_applications" USING btree (upper(btrim("id_number"))) WHERE "kyc_applications"."status" IN ('pending', 'reviewing', 'approved');--> statement-breakpoint
-- The reviewer's warning: every application (any status) with the same number.
CREATE INDEX "kyc_applications_id_number_idx" ON "kyc_applications" USING btree (upper(btrim("id_number")));
