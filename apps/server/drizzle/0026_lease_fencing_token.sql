-- Fencing tokens for job leases (issue 18): a counter that grows with each new holder, so that work
-- guarded by a lease can check, inside its own transaction, that its holder still holds it.
ALTER TABLE "job_leases" ADD COLUMN "token" bigint DEFAULT 1 NOT NULL;
