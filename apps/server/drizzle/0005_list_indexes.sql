CREATE INDEX "users_active_created_idx" ON "users" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "users_kyc_created_idx" ON "users" USING btree ("kyc_status","created_at");--> statement-breakpoint
CREATE INDEX "users_admins_created_idx" ON "users" USING btree ("created_at") WHERE "users"."role" = 'admin';--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_created_idx" ON "ledger_transactions" USING btree ("kind","created_at");