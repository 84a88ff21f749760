import { getTableColumns, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';

const query = new QueryBuilder();

const directoryColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  nickname: users.nickname,
  role: users.role,
  adminLevel: users.adminLevel,
  isActive: users.isActive,
  deletedAt: users.deletedAt,
  kycStatus: users.kycStatus,
  language: users.language,
  inviteCode: users.inviteCode,
  invitedByCode: users.invitedByCode,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  permissions: users.permissions,
  approverSince: users.approverSince,
  twofaEnabledAt: users.twofaEnabledAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

/**
 * The users' columns that other modules' drizzle queries join, filter and show, as a subquery
 * named `alias`: `.innerJoin(u, eq(u.id, deposits.userId))` with `const u = userDirectory('u')`
 * (docs/module-boundaries.md). Every column but the password hash; nothing written through it (the
 * users module's functions write the row). A plain projection, which PostgreSQL pulls up into the
 * caller's query, so the plan is the one of a join with the users table itself (its primary key, the
 * e-mail/phone trigram and prefix indexes).
 * Call it once per alias: a list that joins users twice (the user and the approving admin) takes two.
 */
export const userDirectory = (alias: string) => query.select(directoryColumns).from(users).as(alias);

/**
 * The same projection as SQL, `select "id", "email", … from "users"` (database column names), from
 * which users.reads.ts builds its raw-SQL `userDirectory`: one column list, so the two cannot differ.
 * Built once, not on every statement that embeds it.
 */
export const userDirectorySelect: SQL = query.select(directoryColumns).from(users).getSQL();

export type UserDirectory = ReturnType<typeof userDirectory>;

const accountColumns = getTableColumns(users);

/**
 * The whole user row, password hash included, as a subquery named `alias`, for the modules that
 * authenticate with it or set it: auth's session lookup (the caller's row), an admin activation
 * link's account and the admin list's pending activations (admins). Every other module takes
 * userDirectory. Like it, a plain projection of the users table.
 */
export const userAccount = (alias: string) => query.select(accountColumns).from(users).as(alias);

export type UserAccount = ReturnType<typeof userAccount>;

/** `account`'s columns as one object to select (`user: accountRow(account)`): a user row. */
export const accountRow = (account: UserAccount) =>
  Object.fromEntries(
    Object.keys(accountColumns).map((key) => [key, account[key as keyof typeof accountColumns]]),
  ) as {
    [K in keyof typeof accountColumns]: UserAccount[K];
  };
