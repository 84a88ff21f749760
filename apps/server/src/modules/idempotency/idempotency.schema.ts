import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Idempotency keys of money-moving calls (issue 18, migration 0027): one row per caller and key.
 * `in_progress` while the first request runs; `completed` with its reply (status and body), which a
 * retry with the same request gets again until `expires_at` (24 h); expired rows are pruned by a job.
 * `fingerprint` is the SHA-256 of what the request asked for (method, route, params, query, body),
 * so that the same key with another request is refused rather than answered with the wrong reply.
 *
 * Migration 0037 (issue 31): `owner` is the instance whose request holds the key (its id, which that
 * instance holds as an advisory lock on PostgreSQL while it lives) and `attempt` that request's own
 * token. The effect's transaction completes the row on condition of its attempt (effect-seal.ts), so
 * an effect commits only with its reply, and a key whose request ended without one is taken over by a
 * retry at once. Rows written before 0037 have neither (their in-progress ones answer 409).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['in_progress', 'completed'] })
      .notNull()
      .default('in_progress'),
    owner: integer('owner'),
    attempt: uuid('attempt'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }),
    // The prune job deletes by expiry.
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_state', sql`${t.state} IN ('in_progress', 'completed')`),
    check(
      'idempotency_keys_completed_reply',
      sql`(${t.state} = 'completed') = (${t.responseStatus} IS NOT NULL AND ${t.completedAt} IS NOT NULL)`,
    ),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
