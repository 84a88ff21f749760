-- 自选 (issue 33): a user's favourite pairs as one row, the list in the user's order, so that a
-- save replaces it in one statement. The symbols are checked against the listed pairs when saved;
-- a pair delisted later stays in the row and is left out of what the user is shown.
CREATE TABLE "favorite_pairs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"symbols" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_pairs_bounded" CHECK (cardinality("favorite_pairs"."symbols") <= 50)
);
--> statement-breakpoint
ALTER TABLE "favorite_pairs" ADD CONSTRAINT "favorite_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
