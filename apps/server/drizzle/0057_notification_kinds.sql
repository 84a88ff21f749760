-- Issue 38 (docs/i18n.md): a notification stores its kind (a `notices` entry of the server catalogues)
-- and parameters, rendered in each reader's language; rows written before keep their Chinese title and
-- body, shown as stored.
ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_or_text" CHECK (("notifications"."kind" IS NOT NULL AND "notifications"."params" IS NOT NULL) OR ("notifications"."title" IS NOT NULL AND "notifications"."body" IS NOT NULL));