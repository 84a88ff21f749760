import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Identity applications (document type is always the mainland ID card). The images live in the
 * private document store under generated names; only those names are kept here.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    realName: text('real_name').notNull(),
    idNumber: text('id_number').notNull(),
    idFrontFile: text('id_front_file').notNull(),
    idBackFile: text('id_back_file').notNull(),
    status: text('status', { enum: ['pending', 'reviewing', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    adminNote: text('admin_note'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live application per user, enforced by the database so that two concurrent submissions
    // cannot both pass the check.
    uniqueIndex('kyc_applications_one_active_key')
      .on(t.userId)
      .where(sql`${t.status} IN ('pending', 'reviewing', 'approved')`),
    // One identity per person (migration 0015): a number, trimmed and upper-case, is held by at
    // most one live application, so two accounts submitting it at once cannot both be pending, and
    // an open application can never carry a number another account has had approved.
    uniqueIndex('kyc_applications_one_identity_key')
      .on(sql`upper(btrim(${t.idNumber}))`)
      .where(sql`${t.status} IN ('pending', 'reviewing', 'approved')`),
    // The reviewer's warning: every application with the same number, whatever its status.
    index('kyc_applications_id_number_idx').on(sql`upper(btrim(${t.idNumber}))`),
    index('kyc_applications_status_created_idx').on(t.status, t.createdAt),
    index('kyc_applications_user_created_idx').on(t.userId, t.createdAt),
  ],
);
