CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klines" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	"quote_volume" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klines_pkey" PRIMARY KEY("symbol","interval","open_time")
);
--> statement-breakpoint
CREATE TABLE "market_data_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_data_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"requested_by" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_data_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_data_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"level" text NOT NULL,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_pairs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"base_currency" text NOT NULL,
	"quote_currency" text NOT NULL,
	"logo_url" text,
	"current_price" numeric(38, 18),
	"price_change_24h" numeric(38, 18),
	"volume_24h" numeric(38, 18),
	"price_precision" integer DEFAULT 2 NOT NULL,
	"amount_precision" integer DEFAULT 6 NOT NULL,
	"min_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_data_jobs" ADD CONSTRAINT "market_data_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_data_jobs_one_running_backfill" ON "market_data_jobs" USING btree ("status") WHERE "market_data_jobs"."status" = 'running' AND "market_data_jobs"."kind" IN ('historical', 'pair_data');--> statement-breakpoint
CREATE UNIQUE INDEX "market_data_jobs_one_running_sync" ON "market_data_jobs" USING btree ("status") WHERE "market_data_jobs"."status" = 'running' AND "market_data_jobs"."kind" = 'pair_sync';--> statement-breakpoint
CREATE INDEX "market_data_jobs_kind_started_idx" ON "market_data_jobs" USING btree ("kind","started_at");--> statement-breakpoint
CREATE INDEX "market_data_logs_created_idx" ON "market_data_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_pairs_symbol_key" ON "trading_pairs" USING btree ("symbol");