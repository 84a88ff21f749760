CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_prefix_idx" ON "users" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deposits_tx_hash_idx" ON "deposits" USING btree ("tx_hash") WHERE "deposits"."tx_hash" IS NOT NULL;