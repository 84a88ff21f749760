import type { AdminStatusFilter } from '@platform/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount } from '../../db/rows.ts';
import { emailOrPhoneMatches, type UserRow, userAccount } from '../users/users.ts';
import { NO_PASSWORD } from './activation.repository.ts';

/**
 * Data access of admin management: accounts with role admin that are not deleted (a deleted
 * admin's tombstone is found by none of these). No rules here.
 */

/** The accounts, whole rows: whether an admin's activation is pending is told by the password hash. */
const account = userAccount('account');

const adminColumns = {
  id: account.id,
  email: account.email,
  phone: account.phone,
  role: account.role,
  adminLevel: account.adminLevel,
  isActive: account.isActive,
  createdAt: account.createdAt,
  updatedAt: account.updatedAt,
  lastLogin: account.lastLogin,
  twofaEnabledAt: account.twofaEnabledAt,
  /** No password yet: the activation link was not used. */
  activationPending: sql<boolean>`(${account.passwordHash} = ${NO_PASSWORD})`.mapWith(Boolean),
};

export type AdminRow = {
  [K in Exclude<keyof typeof adminColumns, 'activationPending'>]: UserRow[K];
} & { activationPending: boolean };

const liveAdmin = (id: number) =>
  and(eq(account.id, id), eq(account.role, 'admin'), isNull(account.deletedAt));

export interface AdminListFilter {
  search?: string;
  status: AdminStatusFilter;
}

function listCondition(filter: AdminListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(account.role, 'admin'),
    isNull(account.deletedAt),
    filter.search ? emailOrPhoneMatches(filter.search, account) : undefined,
  ];
  if (filter.status === 'active') conditions.push(eq(account.isActive, true));
  if (filter.status === 'inactive') conditions.push(eq(account.isActive, false));
  return and(...conditions);
}

export async function listAdmins(
  exec: Executor,
  filter: AdminListFilter,
  page: { limit: number; offset: number },
): Promise<AdminRow[]> {
  return exec
    .select(adminColumns)
    .from(account)
    .where(listCondition(filter))
    .orderBy(desc(account.createdAt), desc(account.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdmins(exec: Executor, filter: AdminListFilter): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(account)
    .where(listCondition(filter));
  return parseCount(row?.n);
}

/** The admin account `id`, locked for the caller's transaction; undefined for a normal user or none. */
export async function lockAdmin(exec: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await exec.select(adminColumns).from(account).where(liveAdmin(id)).for('update');
  return row;
}

export async function findAdmin(exec: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await exec.select(adminColumns).from(account).where(liveAdmin(id));
  return row;
}
