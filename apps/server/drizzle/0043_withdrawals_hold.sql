-- Withdrawals held after a security change (issue 32): turning 2FA on or off and changing the
-- password set this to the database's now() + 24 h; a withdrawal request is refused while it is
-- later than now(). Null: never held.
ALTER TABLE "users" ADD COLUMN "withdrawals_held_until" timestamp with time zone;
