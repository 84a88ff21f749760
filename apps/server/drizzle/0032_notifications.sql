-- The user's notification centre (issue 20). Personal notifications and broadcasts draw their ids
-- from one sequence, so that one id names one notification whichever table holds it, and a list of
-- both orders by id.
CREATE SEQUENCE notification_ids AS bigint;--> statement-breakpoint
-- Append-only: read state lives in the two tables below. The key leads with the user (every read is
-- one user's rows, newest first), and it is the only index: a settlement batch writes one row per
-- contract, so each index more is one entry more per contract. No foreign key to users: every row
-- is written from a row that references its user already (a contract, a deposit...), users are never
-- deleted, and the check would be a locking lookup per row.
CREATE TABLE notifications (
  user_id bigint NOT NULL,
  id bigint NOT NULL DEFAULT nextval('notification_ids'),
  type text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_pkey PRIMARY KEY (user_id, id)
);--> statement-breakpoint
-- One row per broadcast (an announcement), never one per user: each user sees the broadcasts made
-- since their registration. `source` names what it announces (`announcement:<id>`), at most once.
CREATE TABLE notification_broadcasts (
  id bigint PRIMARY KEY DEFAULT nextval('notification_ids'),
  type text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_broadcasts_source_key UNIQUE (source)
);--> statement-breakpoint
-- A user's "all read": every notification of theirs and every broadcast with an id up to
-- read_through is read.
CREATE TABLE notification_read_marks (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  read_through bigint NOT NULL
);--> statement-breakpoint
-- Notifications read one by one above the user's read_through (their own or a broadcast's id).
CREATE TABLE notification_reads (
  user_id bigint NOT NULL REFERENCES users(id),
  notification_id bigint NOT NULL,
  CONSTRAINT notification_reads_pkey PRIMARY KEY (user_id, notification_id)
);
