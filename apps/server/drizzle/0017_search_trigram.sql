-- Substring search on e-mail and phone (issue 16): the admin user, admin, deposit and withdrawal
-- lists find any part of either (LIKE '%term%'). GIN trigram indexes (pg_trgm, created in 0014)
-- answer a term of 3 characters or more; a shorter one has no trigram to look up and is matched as
-- a prefix through users_email_prefix_idx / users_phone_prefix_idx (see modules/users/user-search.ts).
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
