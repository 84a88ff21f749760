import {
  KYC_DUPLICATE_LIST_LIMIT,
  type KycApplicationStatus,
  type KycDuplicateApplication,
  kycApplicationStatus,
} from '@platform/contracts';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../db/rows.ts';
import { userDirectory as userDirectorySql } from '../users/users.reads.ts';
import { updateUser, userDirectory, usersMatching } from '../users/users.ts';
import { kycApplications } from './kyc.schema.ts';

export type KycRow = typeof kycApplications.$inferSelect;
export type KycWithUser = KycRow & { userEmail: string; userPhone: string | null };

/** Statuses that occupy the user's one live application (the partial unique index). */
export const LIVE_STATUSES = ['pending', 'reviewing', 'approved'] as const;
/** Statuses an admin may still decide. */
export const OPEN_STATUSES = ['pending', 'reviewing'] as const;
export const ONE_ACTIVE_INDEX = 'kyc_applications_one_active_key';
/** One identity per person: a number is held by at most one live application (migration 0015). */
export const ONE_IDENTITY_INDEX = 'kyc_applications_one_identity_key';

/** The number as the identity indexes compare it (the expression of both indexes of migration 0015). */
const identityKey = sql`upper(btrim(${kycApplications.idNumber}))`;

/**
 * A live application (pending, reviewing, approved) of another account with this number, if any.
 * `idNumber` is the stored form (normalizeIdCard). Answered from the partial unique index.
 */
export async function findIdentityHolder(
  exec: Executor,
  idNumber: string,
  exceptUserId: number,
): Promise<Pick<KycRow, 'id' | 'userId' | 'status'> | undefined> {
  const [row] = await exec
    .select({ id: kycApplications.id, userId: kycApplications.userId, status: kycApplications.status })
    .from(kycApplications)
    .where(
      and(
        sql`${identityKey} = upper(btrim(${idNumber}))`,
        inArray(kycApplications.status, [...LIVE_STATUSES]),
        ne(kycApplications.userId, exceptUserId),
      ),
    )
    .limit(1);
  return row;
}

export interface DuplicateIds {
  count: number;
  applications: KycDuplicateApplication[];
}

/**
 * For each given application: the applications of OTHER accounts with the same number, any status
 * (the applicant's own earlier ones are history, not a warning). The count is exact; the list holds
 * the first KYC_DUPLICATE_LIST_LIMIT, live ones first, then newest first. Two index lookups per
 * application (kyc_applications_id_number_idx), so a page costs at most 2 × its size.
 */
export async function findDuplicateIds(
  exec: Executor,
  ids: readonly number[],
): Promise<Map<number, DuplicateIds>> {
  const result = new Map<number, DuplicateIds>(ids.map((id) => [id, { count: 0, applications: [] }]));
  if (ids.length === 0) return result;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT r.id::text AS for_id, c.n, d.id::text AS id, d.user_id::text AS user_id, d.status, u.email,
               to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM kyc_applications r
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS n FROM kyc_applications x
             WHERE upper(btrim(x.id_number)) = upper(btrim(r.id_number)) AND x.user_id <> r.user_id
          ) c
          LEFT JOIN LATERAL (
            SELECT x.id, x.user_id, x.status, x.created_at FROM kyc_applications x
             WHERE upper(btrim(x.id_number)) = upper(btrim(r.id_number)) AND x.user_id <> r.user_id
             ORDER BY (x.status IN ('pending', 'reviewing', 'approved')) DESC, x.created_at DESC, x.id DESC
             LIMIT ${KYC_DUPLICATE_LIST_LIMIT}
          ) d ON true
          LEFT JOIN ${userDirectorySql} u ON u.id = d.user_id
         WHERE r.id IN (${idList})
         ORDER BY r.id, (d.status IN ('pending', 'reviewing', 'approved')) DESC, d.created_at DESC, d.id DESC`,
  );
  for (const row of rows) {
    const entry = result.get(parseId(row.for_id));
    if (!entry) continue;
    entry.count = parseCount(row.n);
    if (row.id === null || row.id === undefined) continue;
    entry.applications.push({
      id: parseId(row.id),
      user_id: parseId(row.user_id),
      user_email: String(row.email),
      status: kycApplicationStatus.parse(row.status),
      created_at: String(row.created_at),
    });
  }
  return result;
}

/**
 * The review queue's size: applications in status pending, exactly what the 待审核 tab (the screen's
 * default) lists. The dashboard, the wallet overview and the user list's stat card count this.
 * An index-only range on kyc_applications_status_created_idx.
 */
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

/** The user who applied. */
const applicant = userDirectory('kyc_applicant');

export async function setUserKycStatus(
  exec: Executor,
  userId: number,
  status: 'pending' | 'approved' | 'rejected',
): Promise<void> {
  await updateUser(exec, userId, { kycStatus: status });
}

export async function findUserKyc(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ email: applicant.email, kycStatus: applicant.kycStatus })
    .from(applicant)
    .where(eq(applicant.id, userId));
  return row;
}

const withUser = {
  application: kycApplications,
  userEmail: applicant.email,
  userPhone: applicant.phone,
};

export async function findWithUser(exec: Executor, id: number): Promise<KycWithUser | undefined> {
  const [row] = await exec
    .select(withUser)
    .from(kycApplications)
    .innerJoin(applicant, eq(applicant.id, kycApplications.userId))
    .where(eq(kycApplications.id, id));
  return row && { ...row.application, userEmail: row.userEmail, userPhone: row.userPhone };
}

/**
 * A KYC list search: the applicant's e-mail or phone (usersMatching, their indexes), a real name or
 * an ID number written exactly (the number as kyc_applications_id_number_idx normalises it), and a
 * number as a user id or an application id.
 */
function searchMatches(term: string): SQL {
  const byText = sql`(${kycApplications.userId} = ANY(${usersMatching(term)})
    OR upper(btrim(${kycApplications.idNumber})) = ${term.toUpperCase()}
    OR ${kycApplications.realName} = ${term})`;
  return /^\d{1,9}$/.test(term)
    ? sql`(${kycApplications.id} = ${Number(term)} OR ${kycApplications.userId} = ${Number(term)} OR ${byText})`
    : byText;
}

export interface KycListFilter {
  status?: KycApplicationStatus | undefined;
  search?: string | undefined;
}

/** How many applications of each status match the search (the tabs' counts). */
export async function countByStatus(
  exec: Executor,
  search: string | undefined,
): Promise<Record<KycApplicationStatus, number>> {
  const rows = await exec
    .select({ status: kycApplications.status, n: sql<number>`count(*)::int` })
    .from(kycApplications)
    .where(search ? searchMatches(search) : undefined)
    .groupBy(kycApplications.status);
  const counts = { pending: 0, reviewing: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = parseCount(row.n);
  return counts;
}

/** One page, newest first, optionally of one status and matching a search. */
export async function listApplications(
  exec: Executor,
  filter: KycListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: KycWithUser[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(kycApplications.status, filter.status));
  if (filter.search) conditions.push(searchMatches(filter.search));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await exec
    .select(withUser)
    .from(kycApplications)
    .innerJoin(applicant, eq(applicant.id, kycApplications.userId))
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
