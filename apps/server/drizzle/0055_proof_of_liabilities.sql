-- Proof of liabilities (issue 36, docs/proof-of-liabilities.md): the daily Merkle sum tree of the
-- users' liabilities, its leaves (one per user with a balance) and inner nodes per level.
CREATE TABLE "por_leaves" (
	"snapshot_id" bigint NOT NULL,
	"idx" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"balances" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "por_leaves_snapshot_id_idx_pk" PRIMARY KEY("snapshot_id","idx")
);
--> statement-breakpoint
CREATE TABLE "por_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" text NOT NULL,
	CONSTRAINT "por_nodes_snapshot_id_level_idx_pk" PRIMARY KEY("snapshot_id","level","idx")
);
--> statement-breakpoint
CREATE TABLE "por_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "por_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"taken_at" timestamp with time zone NOT NULL,
	"scheduled_for" timestamp with time zone,
	"status" text NOT NULL,
	"failure_reason" text,
	"root" text,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"leaf_count" integer DEFAULT 0 NOT NULL,
	"padding_nonce" text NOT NULL,
	"triggered_by" bigint,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "por_snapshots_published_root" CHECK ("por_snapshots"."status" <> 'published' OR "por_snapshots"."root" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "por_leaves_user_key" ON "por_leaves" USING btree ("user_id","snapshot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "por_snapshots_scheduled_key" ON "por_snapshots" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "por_snapshots_published_idx" ON "por_snapshots" USING btree ("id") WHERE "por_snapshots"."status" = 'published';