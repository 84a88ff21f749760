import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Proof of liabilities (issue 36, docs/proof-of-liabilities.md). One row per snapshot: published
 * (root and totals equal the ledger's liabilities at `taken_at`) or refused with the reason.
 */
export const porSnapshots = pgTable(
  'por_snapshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The daily instant the job built it for (one snapshot per instant); null for a super admin's. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    status: text('status', { enum: ['published', 'refused'] }).notNull(),
    failureReason: text('failure_reason'),
    root: text('root'),
    /** currency → amount with 18 places: the root's sums. */
    totals: jsonb('totals').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    leafCount: integer('leaf_count').notNull().default(0),
    paddingNonce: text('padding_nonce').notNull(),
    /** The super admin who asked for it (an admin's user id; no foreign key, as in the audit log). */
    triggeredBy: bigint('triggered_by', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    uniqueIndex('por_snapshots_scheduled_key').on(t.scheduledFor),
    index('por_snapshots_published_idx').on(t.id).where(sql`${t.status} = 'published'`),
    check('por_snapshots_published_root', sql`${t.status} <> 'published' OR ${t.root} IS NOT NULL`),
  ],
);

/**
 * The leaves: one per user with a non-zero balance. `balances` is the canonical text that was
 * hashed (`BTC:0.001000000000000000,USDT:…`). No foreign keys: a million rows are written per
 * snapshot, and the snapshot's rows are only ever written in its own transaction.
 */
export const porLeaves = pgTable(
  'por_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    idx: integer('idx').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    balances: text('balances').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.idx] }),
    uniqueIndex('por_leaves_user_key').on(t.userId, t.snapshotId),
  ],
);

/** The inner nodes per level (level 1 pairs the leaves; the top level holds the root). */
export const porNodes = pgTable(
  'por_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    level: smallint('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sums: text('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.idx] })],
);
