import type { KycApplicationStatus } from '@platform/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { parseCount } from '../ledger/ledger.repository.ts';
import { kycApplications } from './kyc.schema.ts';

export type KycRow = typeof kycApplications.$inferSelect;
export type KycWithUser = KycRow & { userEmail: string; userPhone: string | null };

/** Statuses that occupy the user's one live application (the partial unique index). */
export const LIVE_STATUSES = ['pending', 'reviewing', 'approved'] as const;
/** Statuses an admin may still decide. */
export const OPEN_STATUSES = ['pending', 'reviewing'] as const;
export const ONE_ACTIVE_INDEX = 'kyc_applications_one_active_key';

export async function insertApplication(
  exec: Executor,
  values: typeof kycApplications.$inferInsert,
): Promise<KycRow> {
  const [row] = await exec.insert(kycApplications).values(values).returning();
  if (!row) throw new Error('insert into kyc_applications returned nothing');
  return row;
}

export async function findLiveApplication(exec: Executor, userId: number): Promise<KycRow | undefined> {
  const [row] = await exec
    .select()
    .from(kycApplications)
    .where(and(eq(kycApplications.userId, userId), inArray(kycApplications.status, [...LIVE_STATUSES])))
    .limit(1);
  return row;
}

export async function findLatestOwn(exec: Executor, userId: number): Promise<KycRow | undefined> {
  const [row] = await exec
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.userId, userId))
    .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
    .limit(1);
  return row;
}

export async function findOwn(exec: Executor, id: number, userId: number): Promise<KycRow | undefined> {
  const [row] = await exec
    .select()
    .from(kycApplications)
    .where(and(eq(kycApplications.id, id), eq(kycApplications.userId, userId)));
  return row;
}

export async function lockApplication(exec: Executor, id: number): Promise<KycRow | undefined> {
  const [row] = await exec.select().from(kycApplications).where(eq(kycApplications.id, id)).for('update');
  return row;
}

/** Decides an open application; nothing when it is no longer open. */
export async function decideApplication(
  exec: Executor,
  id: number,
  change: { status: 'approved' | 'rejected'; adminNote: string | null; adminId: number },
): Promise<KycRow | undefined> {
  const [row] = await exec
    .update(kycApplications)
    .set({
      status: change.status,
      adminNote: change.adminNote,
      reviewedBy: change.adminId,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(kycApplications.id, id), inArray(kycApplications.status, [...OPEN_STATUSES])))
    .returning();
  return row;
}

export async function setUserKycStatus(
  exec: Executor,
  userId: number,
  status: 'pending' | 'approved' | 'rejected',
): Promise<void> {
  await exec.update(users).set({ kycStatus: status, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function findUserKyc(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ email: users.email, kycStatus: users.kycStatus })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const withUser = {
  application: kycApplications,
  userEmail: users.email,
  userPhone: users.phone,
};

export async function findWithUser(exec: Executor, id: number): Promise<KycWithUser | undefined> {
  const [row] = await exec
    .select(withUser)
    .from(kycApplications)
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(eq(kycApplications.id, id));
  return row && { ...row.application, userEmail: row.userEmail, userPhone: row.userPhone };
}

/** One page, newest first, optionally of one status. */
export async function listApplications(
  exec: Executor,
  filter: { status?: KycApplicationStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: KycWithUser[]; total: number }> {
  const where = filter.status ? eq(kycApplications.status, filter.status) : undefined;
  const rows = await exec
    .select(withUser)
    .from(kycApplications)
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(where)
    .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(kycApplications).where(where);
  return {
    rows: rows.map((r) => ({ ...r.application, userEmail: r.userEmail, userPhone: r.userPhone })),
    total: parseCount(count?.n ?? 0),
  };
}
