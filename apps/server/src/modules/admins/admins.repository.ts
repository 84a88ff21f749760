import type { AdminStatusFilter } from '@platform/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount } from '../../db/rows.ts';
import { users } from '../users/users.schema.ts';
import { emailOrPhoneMatches } from '../users/users.ts';
import { NO_PASSWORD } from './activation.repository.ts';

/**
 * Data access of admin management: accounts with role admin that are not deleted (a deleted
 * admin's tombstone is found by none of these). No rules here.
 */

const adminColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  role: users.role,
  adminLevel: users.adminLevel,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLogin: users.lastLogin,
  twofaEnabledAt: users.twofaEnabledAt,
  /** No password yet: the activation link was not used. */
  activationPending: sql<boolean>`(${users.passwordHash} = ${NO_PASSWORD})`.mapWith(Boolean),
};

export type AdminRow = {
  [K in Exclude<keyof typeof adminColumns, 'activationPending'>]: (typeof users.$inferSelect)[K];
} & { activationPending: boolean };

const liveAdmin = (id: number) => and(eq(users.id, id), eq(users.role, 'admin'), isNull(users.deletedAt));

export interface AdminListFilter {
  search?: string;
  status: AdminStatusFilter;
}

function listCondition(filter: AdminListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(users.role, 'admin'),
    isNull(users.deletedAt),
    filter.search ? emailOrPhoneMatches(filter.search) : undefined,
  ];
  if (filter.status === 'active') conditions.push(eq(users.isActive, true));
  if (filter.status === 'inactive') conditions.push(eq(users.isActive, false));
  return and(...conditions);
}

export async function listAdmins(
  exec: Executor,
  filter: AdminListFilter,
  page: { limit: number; offset: number },
): Promise<AdminRow[]> {
  return exec
    .select(adminColumns)
    .from(users)
    .where(listCondition(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdmins(exec: Executor, filter: AdminListFilter): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(users).where(listCondition(filter));
  return parseCount(row?.n);
}

/** The admin account `id`, locked for the caller's transaction; undefined for a normal user or none. */
export async function lockAdmin(exec: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await exec.select(adminColumns).from(users).where(liveAdmin(id)).for('update');
  return row;
}

export async function findAdmin(exec: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await exec.select(adminColumns).from(users).where(liveAdmin(id));
  return row;
}
