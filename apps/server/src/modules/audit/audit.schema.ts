import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Who changed what, from where, with the record before and after (ARCHITECTURE.md,
 * "Identity and security").
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `<target>.<verb>`, e.g. `deposit.approve`, `withdrawal.status`, `admin.create`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Hash chain (migration 0020, audit.chain.ts): set by the BEFORE INSERT trigger, never by the
     * application. Position in the chain, the previous row's hash, this row's hash.
     */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * The seal (audit.key.ts): the AUDIT_CHAIN_KEY's fingerprint and HMAC-SHA-256 of `hash` under it,
     * set once by recordAudit right after the insert, in its transaction. NULL on rows written
     * before the key existed (verified by the SHA-256 chain alone).
     */
    keyId: text('key_id'),
    mac: text('mac'),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_admin_created_idx').on(t.adminId, t.createdAt),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
    uniqueIndex('audit_logs_seq_idx').on(t.seq),
  ],
);

/** The chain's last seq and hash: one row, locked FOR UPDATE by every append (migration 0020). */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('audit_chain_head_id_check', sql`${t.id} = 1`)],
);
