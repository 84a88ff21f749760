/** The users table: every account, user or admin. Other modules name it for their foreign keys. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    phone: text('phone'),
    nickname: text('nickname'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    adminLevel: text('admin_level', { enum: ['admin', 'super_admin'] }),
    isActive: boolean('is_active').notNull().default(true),
    kycStatus: text('kyc_status', { enum: ['none', 'pending', 'reviewing', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** This user's own code, handed out in invite links. */
    inviteCode: text('invite_code').notNull(),
    /** The code the user registered with, kept for the team programme. */
    invitedByCode: text('invited_by_code'),
    /**
     * A deleted admin's tombstone (issue 32): the row stays for audit and the records that name it,
     * its e-mail stays taken, and it is never active again (users_deleted_inactive).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * When 2FA (TOTP) was turned on, null while off: a copy of two_factor_credentials.enabled_at
     * kept in the same transaction, so that the session lookup knows it without another query.
     */
    twofaEnabledAt: timestamp('twofa_enabled_at', { withTimezone: true }),
    /**
     * Withdrawals are refused until this time (database clock) after a security change: 2FA on or
     * off, password changed (issue 32, migration 0043; auth/security-changes.ts).
     */
    withdrawalsHeldUntil: timestamp('withdrawals_held_until', { withTimezone: true }),
    /** When the e-mail was verified through its link (issue 33, migration 0048); null: not yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * From when this admin's approvals of pending changes count (issue 32, docs/pending-changes.md):
     * 24 h after the account was created, at once for the bootstrap super admins.
     */
    approverSince: timestamp('approver_since', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /**
     * The language the user or admin chose (issue 38, migration 0056, docs/i18n.md): 'zh-CN' or
     * 'en'; null until chosen, when each request's Accept-Language decides.
     */
    language: text('language', { enum: ['zh-CN', 'en'] }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_created_at_idx').on(t.createdAt),
    // The admin user list filters by status or KYC and pages newest first.
    index('users_active_created_idx').on(t.isActive, t.createdAt),
    index('users_kyc_created_idx').on(t.kycStatus, t.createdAt),
    // Prefix search on e-mail and phone (LIKE 'term%', and the admin lists' terms under three
    // characters): the database collation is not C, so the unique indexes cannot serve LIKE.
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    // Search anywhere in e-mail and phone (LIKE '%term%', pg_trgm; migration 0017): the admin
    // user, admin, deposit and withdrawal lists (users/user-search.ts).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('users_admins_created_idx').on(t.createdAt).where(sql`${t.role} = 'admin'`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'users_admin_level_only_for_admins',
      sql`(${t.role} = 'admin' AND ${t.adminLevel} IS NOT NULL) OR (${t.role} = 'user' AND ${t.adminLevel} IS NULL)`,
    ),
    check('users_deleted_inactive', sql`${t.deletedAt} IS NULL OR NOT ${t.isActive}`),
    check('users_language_known', sql`${t.language} IS NULL OR ${t.language} IN ('zh-CN', 'en')`),
  ],
);
