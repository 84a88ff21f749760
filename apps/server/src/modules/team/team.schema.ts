import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { users } from '../users/users.schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every account's place in the referral tree, one row per user, made with the user
 * (users/create-user.ts). `parent_id` is the owner of the invite code the user registered with.
 *
 * The counters are the user's team as the screens show it, kept exact in the transaction that
 * changes them, so that no screen counts a team per request (a top user's team can be a million):
 * - direct_count, team_size: registration adds one to the parent's direct_count and to every
 *   ancestor's team_size (team/team-tree.ts);
 * - charged_direct, charged_team: a member's first approved deposit adds one to the same rows
 *   (the trigger on depositors of migration 0012).
 * Ancestor rows are always locked in user_id order, so concurrent writers cannot deadlock.
 */
export const teamNodes = pgTable(
  'team_nodes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references(() => users.id),
    /** 0 for a user who registered without a code; the screens show level depth + 1. */
    depth: integer('depth').notNull().default(0),
    directCount: integer('direct_count').notNull().default(0),
    teamSize: integer('team_size').notNull().default(0),
    chargedDirect: integer('charged_direct').notNull().default(0),
    chargedTeam: integer('charged_team').notNull().default(0),
    /** When the user's first deposit was approved; null until then. */
    chargedAt: at('charged_at'),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    // Children of one node, newest first (the hierarchy, /team/referrals).
    index('team_nodes_parent_idx').on(t.parentId, t.userId),
    // Top-level users, biggest team first, then newest (the hierarchy's pages). Only top-level rows
    // are in it, so a registration moves one entry here (its top user's), not one per ancestor.
    index('team_nodes_roots_team_idx')
      .on(t.teamSize.desc(), t.userId.desc())
      .where(sql`${t.parentId} IS NULL`),
    // Top inviters and the ranking; reward and salary candidates (charged_direct at least a level's need).
    index('team_nodes_direct_idx').on(t.directCount, t.userId).where(sql`${t.directCount} > 0`),
    index('team_nodes_charged_direct_idx')
      .on(t.chargedDirect, t.chargedTeam, t.userId)
      .where(sql`${t.chargedDirect} > 0`),
    // Recent invites; with the next one, the members who joined or were charged after a salary
    // payout date's cutoff (migration 0018, team/salary/salary.repository.ts).
    index('team_nodes_invited_joined_idx').on(t.joinedAt).where(sql`${t.parentId} IS NOT NULL`),
    index('team_nodes_invited_charged_idx')
      .on(t.chargedAt)
      .where(sql`${t.parentId} IS NOT NULL AND ${t.chargedAt} IS NOT NULL`),
    check(
      'team_nodes_counts_valid',
      sql`${t.depth} >= 0 AND ${t.directCount} >= 0 AND ${t.teamSize} >= ${t.directCount} AND ${t.chargedDirect} >= 0 AND ${t.chargedDirect} <= ${t.directCount} AND ${t.chargedTeam} >= ${t.chargedDirect} AND ${t.chargedTeam} <= ${t.teamSize}`,
    ),
    check('team_nodes_root_depth', sql`(${t.parentId} IS NULL) = (${t.depth} = 0)`),
  ],
);

/**
 * The closure of the tree: one row for each (ancestor, descendant) pair, `depth` levels apart
 * (1 = direct referral). A user's team, one level of it, or a member's ancestors are index range
 * reads, never a recursion over the table.
 */
export const teamPaths = pgTable(
  'team_paths',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    descendantId: bigint('descendant_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
  },
  (t) => [
    // One level of a team, newest first (/team/members?level=).
    primaryKey({ columns: [t.ancestorId, t.depth, t.descendantId] }),
    // A whole team, newest first (/team/members).
    index('team_paths_ancestor_descendant_idx').on(t.ancestorId, t.descendantId),
    // A member's ancestors (registration, the charged trigger, the hierarchy search's paths, the
    // salary's counts at a payout date), read from the index alone (migration 0018).
    index('team_paths_descendant_idx').on(t.descendantId, t.depth, t.ancestorId),
    check('team_paths_depth_positive', sql`${t.depth} >= 1`),
  ],
);

/**
 * A reward tier reached by a user (spec 001 §9 tiers): at most one row per user and tier, made
 * pending by the recalculation and credited once by an admin's distribution (ledger key
 * `team_reward:<id>`).
 */
export const teamRewards = pgTable(
  'team_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tier: smallint('tier').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** The user's charged direct referrals and charged team when the tier was found reached. */
    directCount: integer('direct_count').notNull(),
    teamSize: integer('team_size').notNull(),
    /** pending | distributed */
    status: text('status').notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    distributedAt: at('distributed_at'),
    distributedBy: bigint('distributed_by', { mode: 'number' }).references(() => users.id),
    transactionId: bigint('transaction_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('team_rewards_user_tier_key').on(t.userId, t.tier),
    index('team_rewards_status_idx').on(t.status, t.id),
    check('team_rewards_tier_range', sql`${t.tier} BETWEEN 1 AND 10`),
    check('team_rewards_status_valid', sql`${t.status} IN ('pending', 'distributed')`),
    check(
      'team_rewards_distributed_complete',
      sql`(${t.status} = 'distributed') = (${t.distributedAt} IS NOT NULL AND ${t.transactionId} IS NOT NULL)`,
    ),
  ],
);

/**
 * A salary paid: at most one per user and payout date (the unique key decides any race), with the
 * level and counts it was paid on. The money went to the user's salary bucket with ledger key
 * `salary:<user>:<date>`.
 */
export const teamSalaryPayouts = pgTable(
  'team_salary_payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    level: smallint('level').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    directCount: integer('direct_count').notNull(),
    chargedDirect: integer('charged_direct').notNull(),
    teamSize: integer('team_size').notNull(),
    chargedTeam: integer('charged_team').notNull(),
    paidBy: bigint('paid_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    paidAt: at('paid_at').notNull().defaultNow(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('team_salary_payouts_user_date_key').on(t.userId, t.payoutDate),
    index('team_salary_payouts_date_idx').on(t.payoutDate, t.level),
  ],
);
