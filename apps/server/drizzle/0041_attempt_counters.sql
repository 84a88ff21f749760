-- Attempt counters (issue 32): wrong passwords and 2FA codes per account and per client IP, counted
-- by one upsert before the secret is checked, so that parallel guesses never exceed the limit and
-- every instance counts together without Redis. One row per key with its current window.
CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_window_ends_idx" ON "attempt_counters" USING btree ("window_ends_at");
