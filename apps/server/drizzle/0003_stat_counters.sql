CREATE TABLE "depositors" (
	"user_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_counters" (
	"name" text NOT NULL,
	"stripe" smallint NOT NULL,
	"value" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_counters_name_stripe_pk" PRIMARY KEY("name","stripe"),
	CONSTRAINT "stat_counters_stripe_range" CHECK ("stat_counters"."stripe" >= 0 AND "stat_counters"."stripe" < 16)
);
--> statement-breakpoint
ALTER TABLE "depositors" ADD CONSTRAINT "depositors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;