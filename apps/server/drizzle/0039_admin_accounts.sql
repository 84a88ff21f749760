-- Admin accounts nobody can take over (issue 32, docs/admins.md). A deleted admin is a tombstone:
-- `deleted_at` is set, the row (and its e-mail) stays for the audit log and the records naming it,
-- and the account can never be active again (users_deleted_inactive). Admins deleted before this
-- migration (an admin.delete audit row names them) become tombstones too, even if since re-enabled:
-- their sessions are revoked and their password hash made unusable.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "deleted_at" = now(), "is_active" = false, "password_hash" = '!deleted', "updated_at" = now()
  WHERE "id"::text IN (SELECT "target_id" FROM "audit_logs" WHERE "action" = 'admin.delete' AND "target_type" = 'user');--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now()
  WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_inactive" CHECK ("users"."deleted_at" IS NULL OR NOT "users"."is_active");--> statement-breakpoint
-- One-time activation links: a new admin (or one a super admin issued a new link for) sets their own
-- password and enrols 2FA through it. Only the token's SHA-256 is stored; valid 24 h and once.
CREATE TABLE "admin_activations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_activations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "admin_activations" ADD CONSTRAINT "admin_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_activations" ADD CONSTRAINT "admin_activations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_activations_token_key" ON "admin_activations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_activations_user_idx" ON "admin_activations" USING btree ("user_id") WHERE "admin_activations"."used_at" IS NULL AND "admin_activations"."revoked_at" IS NULL;
