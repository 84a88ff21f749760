CREATE TABLE "team_nodes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"depth" integer DEFAULT 0 NOT NULL,
	"direct_count" integer DEFAULT 0 NOT NULL,
	"team_size" integer DEFAULT 0 NOT NULL,
	"charged_direct" integer DEFAULT 0 NOT NULL,
	"charged_team" integer DEFAULT 0 NOT NULL,
	"charged_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_nodes_counts_valid" CHECK ("team_nodes"."depth" >= 0 AND "team_nodes"."direct_count" >= 0 AND "team_nodes"."team_size" >= "team_nodes"."direct_count" AND "team_nodes"."charged_direct" >= 0 AND "team_nodes"."charged_direct" <= "team_nodes"."direct_count" AND "team_nodes"."charged_team" >= "team_nodes"."charged_direct" AND "team_nodes"."charged_team" <= "team_nodes"."team_size"),
	CONSTRAINT "team_nodes_root_depth" CHECK (("team_nodes"."parent_id" IS NULL) = ("team_nodes"."depth" = 0))
);
--> statement-breakpoint
CREATE TABLE "team_paths" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "team_paths_ancestor_id_depth_descendant_id_pk" PRIMARY KEY("ancestor_id","depth","descendant_id"),
	CONSTRAINT "team_paths_depth_positive" CHECK ("team_paths"."depth" >= 1)
);
--> statement-breakpoint
CREATE TABLE "team_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"tier" smallint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"direct_count" integer NOT NULL,
	"team_size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"distributed_at" timestamp with time zone,
	"distributed_by" bigint,
	"transaction_id" bigint,
	CONSTRAINT "team_rewards_tier_range" CHECK ("team_rewards"."tier" BETWEEN 1 AND 10),
	CONSTRAINT "team_rewards_status_valid" CHECK ("team_rewards"."status" IN ('pending', 'distributed')),
	CONSTRAINT "team_rewards_distributed_complete" CHECK (("team_rewards"."status" = 'distributed') = ("team_rewards"."distributed_at" IS NOT NULL AND "team_rewards"."transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "team_salary_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_salary_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"payout_date" date NOT NULL,
	"level" smallint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"direct_count" integer NOT NULL,
	"charged_direct" integer NOT NULL,
	"team_size" integer NOT NULL,
	"charged_team" integer NOT NULL,
	"paid_by" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_nodes" ADD CONSTRAINT "team_nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_nodes" ADD CONSTRAINT "team_nodes_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_paths" ADD CONSTRAINT "team_paths_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_paths" ADD CONSTRAINT "team_paths_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rewards" ADD CONSTRAINT "team_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rewards" ADD CONSTRAINT "team_rewards_distributed_by_users_id_fk" FOREIGN KEY ("distributed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_salary_payouts" ADD CONSTRAINT "team_salary_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_salary_payouts" ADD CONSTRAINT "team_salary_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_nodes_parent_idx" ON "team_nodes" USING btree ("parent_id","user_id");--> statement-breakpoint
CREATE INDEX "team_nodes_roots_idx" ON "team_nodes" USING btree ("user_id") WHERE "team_nodes"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "team_nodes_direct_idx" ON "team_nodes" USING btree ("direct_count","user_id") WHERE "team_nodes"."direct_count" > 0;--> statement-breakpoint
CREATE INDEX "team_nodes_charged_direct_idx" ON "team_nodes" USING btree ("charged_direct","charged_team","user_id") WHERE "team_nodes"."charged_direct" > 0;--> statement-breakpoint
CREATE INDEX "team_nodes_invited_joined_idx" ON "team_nodes" USING btree ("joined_at") WHERE "team_nodes"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "team_paths_ancestor_descendant_idx" ON "team_paths" USING btree ("ancestor_id","descendant_id");--> statement-breakpoint
CREATE INDEX "team_paths_descendant_idx" ON "team_paths" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE UNIQUE INDEX "team_rewards_user_tier_key" ON "team_rewards" USING btree ("user_id","tier");--> statement-breakpoint
CREATE INDEX "team_rewards_status_idx" ON "team_rewards" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_salary_payouts_user_date_key" ON "team_salary_payouts" USING btree ("user_id","payout_date");--> statement-breakpoint
CREATE INDEX "team_salary_payouts_date_idx" ON "team_salary_payouts" USING btree ("payout_date","level");--> statement-breakpoint
-- Accounts that exist before this migration: place each under the owner of the code it
-- registered with (parents are always older than their children), then fill the closure and
-- the counters from it. The triggers below are created afterwards, so they count only new rows.
INSERT INTO team_nodes (user_id, parent_id, depth, joined_at)
WITH RECURSIVE tree AS (
  SELECT u.id, NULL::bigint AS parent_id, 0 AS depth, u.created_at
    FROM users u
   WHERE u.invited_by_code IS NULL
      OR NOT EXISTS (SELECT 1 FROM users p WHERE p.invite_code = u.invited_by_code AND p.id < u.id)
  UNION ALL
  SELECT c.id, t.id, t.depth + 1, c.created_at
    FROM tree t
    JOIN users p ON p.id = t.id
    JOIN users c ON c.invited_by_code = p.invite_code AND c.id > p.id
)
SELECT id, parent_id, depth, created_at FROM tree;
--> statement-breakpoint
INSERT INTO team_paths (ancestor_id, descendant_id, depth)
WITH RECURSIVE up AS (
  SELECT user_id AS descendant_id, parent_id AS ancestor_id, 1 AS depth FROM team_nodes WHERE parent_id IS NOT NULL
  UNION ALL
  SELECT up.descendant_id, n.parent_id, up.depth + 1
    FROM up JOIN team_nodes n ON n.user_id = up.ancestor_id
   WHERE n.parent_id IS NOT NULL
)
SELECT ancestor_id, descendant_id, depth FROM up;
--> statement-breakpoint
UPDATE team_nodes n
   SET charged_at = d.first_approved
  FROM (SELECT user_id, min(coalesce(reviewed_at, created_at)) AS first_approved
          FROM deposits WHERE status = 'approved' GROUP BY user_id) d
 WHERE d.user_id = n.user_id;
--> statement-breakpoint
UPDATE team_nodes n
   SET direct_count = c.direct_count, team_size = c.team_size,
       charged_direct = c.charged_direct, charged_team = c.charged_team
  FROM (SELECT p.ancestor_id,
               count(*) FILTER (WHERE p.depth = 1) AS direct_count,
               count(*) AS team_size,
               count(*) FILTER (WHERE p.depth = 1 AND m.charged_at IS NOT NULL) AS charged_direct,
               count(*) FILTER (WHERE m.charged_at IS NOT NULL) AS charged_team
          FROM team_paths p JOIN team_nodes m ON m.user_id = p.descendant_id
         GROUP BY p.ancestor_id) c
 WHERE n.user_id = c.ancestor_id;
--> statement-breakpoint
-- A member's first approved deposit (a new row in depositors, kept by migration 0004's trigger)
-- makes them charged: one more charged member for every ancestor, one more charged direct
-- referral for the parent. Ancestors are locked in user_id order (they are all older than the
-- member), the member's own row last, as registration does.
CREATE OR REPLACE FUNCTION team_charge_member() RETURNS trigger AS $$
DECLARE
  parent bigint;
  ancestors bigint[];
BEGIN
  -- Closure rows never change once written: read them, then lock and update the counters by id
  -- (a plain key condition, which PostgreSQL rechecks correctly when a row was updated concurrently).
  SELECT parent_id INTO parent FROM team_nodes WHERE user_id = NEW.user_id;
  SELECT array_agg(ancestor_id) INTO ancestors FROM team_paths WHERE descendant_id = NEW.user_id;
  IF ancestors IS NOT NULL THEN
    PERFORM 1 FROM team_nodes WHERE user_id = ANY(ancestors) ORDER BY user_id FOR UPDATE;
    UPDATE team_nodes
       SET charged_team = charged_team + 1,
           charged_direct = charged_direct + (user_id = parent)::int
     WHERE user_id = ANY(ancestors);
  END IF;
  UPDATE team_nodes SET charged_at = now() WHERE user_id = NEW.user_id AND charged_at IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER depositors_team_charge AFTER INSERT ON depositors
  FOR EACH ROW EXECUTE FUNCTION team_charge_member();
--> statement-breakpoint
-- Running totals of the team overview (stat_counters, migration 0004): team.invited,
-- team.level.<L> (L = depth + 1), team.invited.day.<Beijing date>, team.inviters and
-- team.root_inviters (inviters who were not invited themselves).
CREATE OR REPLACE FUNCTION stat_team_nodes() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_bump('team.level.' || (NEW.depth + 1), 1);
    IF NEW.parent_id IS NOT NULL THEN
      PERFORM stat_bump('team.invited', 1);
      PERFORM stat_bump('team.invited.day.' || to_char(NEW.joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD'), 1);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stat_bump('team.level.' || (OLD.depth + 1), -1);
    IF OLD.parent_id IS NOT NULL THEN
      PERFORM stat_bump('team.invited', -1);
      PERFORM stat_bump('team.invited.day.' || to_char(OLD.joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD'), -1);
    END IF;
    IF OLD.direct_count > 0 THEN
      PERFORM stat_bump('team.inviters', -1);
      IF OLD.parent_id IS NULL THEN PERFORM stat_bump('team.root_inviters', -1); END IF;
    END IF;
  ELSIF (OLD.direct_count > 0) <> (NEW.direct_count > 0) THEN
    PERFORM stat_bump('team.inviters', CASE WHEN NEW.direct_count > 0 THEN 1 ELSE -1 END);
    IF NEW.parent_id IS NULL THEN
      PERFORM stat_bump('team.root_inviters', CASE WHEN NEW.direct_count > 0 THEN 1 ELSE -1 END);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER team_nodes_stat_counters AFTER INSERT OR DELETE ON team_nodes
  FOR EACH ROW EXECUTE FUNCTION stat_team_nodes();
--> statement-breakpoint
-- Registration updates direct_count on the parent only; the other ancestors' updates skip the function.
CREATE TRIGGER team_nodes_inviter_counters AFTER UPDATE OF direct_count ON team_nodes
  FOR EACH ROW WHEN ((OLD.direct_count > 0) <> (NEW.direct_count > 0)) EXECUTE FUNCTION stat_team_nodes();
--> statement-breakpoint
INSERT INTO stat_counters (name, stripe, value)
SELECT name, 0, value FROM (
  SELECT 'team.invited' AS name, count(*)::numeric AS value FROM team_nodes WHERE parent_id IS NOT NULL
  UNION ALL SELECT 'team.level.' || (depth + 1), count(*) FROM team_nodes GROUP BY depth
  UNION ALL SELECT 'team.invited.day.' || to_char(joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD'), count(*)
    FROM team_nodes WHERE parent_id IS NOT NULL
   GROUP BY to_char(joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD')
  UNION ALL SELECT 'team.inviters', count(*) FROM team_nodes WHERE direct_count > 0
  UNION ALL SELECT 'team.root_inviters', count(*) FROM team_nodes WHERE direct_count > 0 AND parent_id IS NULL
) AS existing
WHERE value <> 0;
