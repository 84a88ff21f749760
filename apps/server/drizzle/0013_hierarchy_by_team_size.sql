-- The hierarchy lists top-level users biggest team first: the index follows its ORDER BY (NULLS LAST as written there; the columns are NOT NULL).
DROP INDEX "team_nodes_roots_idx";--> statement-breakpoint
CREATE INDEX "team_nodes_roots_team_idx" ON "team_nodes" USING btree ("team_size" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE "team_nodes"."parent_id" IS NULL;