-- Unknown commits are resolved, not guessed (issue 31): an in-progress key names the instance that
-- holds it (`owner`, held as an advisory lock while that instance lives) and its request's token
-- (`attempt`). The effect's own transaction completes the key with its reply on condition of that
-- token, so a retry after a lost COMMIT reply finds either the completed key or nothing done.
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt" uuid;
