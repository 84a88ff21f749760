-- Issue 38 (docs/i18n.md): the language a user or admin chose, null until chosen (then each
-- request's Accept-Language decides). The session cache hears of a change through the users trigger (0028).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" IS NULL OR "users"."language" IN ('zh-CN', 'en'));