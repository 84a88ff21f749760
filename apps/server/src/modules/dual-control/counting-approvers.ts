import { DUAL_CONTROL_TEXTS } from '@platform/contracts';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { forbidden } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { userDirectory } from '../users/users.ts';

/** The users' columns the rule reads, e.g. of a `userDirectory` alias. */
type ApproverColumns = Record<'role' | 'isActive' | 'approverSince', SQLWrapper>;

/**
 * The one test of whose approvals count now (issue 32), as SQL over the users' columns of
 * `approver`: an active admin whose `approver_since` (creation + 24 h; at once for the bootstrap
 * super admins) is not after the database's now(). Dual control's approvals and the approvers of
 * pending changes (with their level besides: docs/pending-changes.md, "Who approves") both use it.
 * A disabled or deleted admin never counts; their pending first approvals were withdrawn in the
 * same transaction (admin-users/lapsed-approvals.ts).
 */
export const countsAsApprover = (approver: ApproverColumns): SQL =>
  sql`(${approver.role} = 'admin' AND ${approver.isActive} AND ${approver.approverSince} <= now())`;

const standing = userDirectory('approver_standing');

/**
 * `adminId`'s standing as an approver, as a relation another module's statement reads (one row, none
 * for an unknown id): `id`, `admin_level` and `counts` (countsAsApprover), from the users' primary key.
 */
export const approverStanding = (adminId: number): SQL =>
  sql`(SELECT ${standing.id} AS id, ${standing.adminLevel} AS admin_level,
       ${countsAsApprover(standing)} AS counts
       FROM ${standing} WHERE ${standing.id} = ${adminId})`;

const approver = userDirectory('approver');

/** Whether `adminId`'s approvals count toward dual control now (countsAsApprover). */
export async function approvalCounts(exec: Executor, adminId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: approver.id })
    .from(approver)
    .where(and(eq(approver.id, adminId), countsAsApprover(approver)));
  return row !== undefined;
}

/**
 * For a request that needs two admins: 403 新管理员创建后 24 小时内的审批不计入双人复核 unless the
 * actor's approval counts, for the first approval as for the second. Otherwise a super admin alone
 * could create an admin and complete the request with them at once. Called inside the review's
 * transaction before anything is written, so a refusal changes nothing.
 */
export async function assertApprovalCounts(exec: Executor, adminId: number): Promise<void> {
  if (!(await approvalCounts(exec, adminId))) throw forbidden(DUAL_CONTROL_TEXTS.approverNotCountingYet);
}
