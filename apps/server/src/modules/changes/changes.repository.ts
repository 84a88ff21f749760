import { type AdminChange, CHANGE_TEXTS, type ChangeLevel, type ChangeStatus } from '@platform/contracts';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { forbidden } from '../../core/errors.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { countsAsApprover } from '../dual-control/counting-approvers.ts';
import { userDirectory } from '../users/users.ts';
import { type AdminChangeRow, adminChanges } from './changes.schema.ts';

/** Equal JSON values, whatever the order of object keys (jsonb does not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The admins the changes name: proposers, deciders, approvers and the viewer. */
const changeAdmin = userDirectory('change_admin');

/** An admin who may decide changes of `level` now: counting as an approver, of the level. */
const eligibleAt = (level: ChangeLevel) =>
  and(
    countsAsApprover(changeAdmin),
    level === 'super_admin' ? eq(changeAdmin.adminLevel, 'super_admin') : undefined,
  );

/** How many admins other than `exceptId` could approve a change of `level` now. */
export async function countEligibleApprovers(tx: Executor, level: ChangeLevel, exceptId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(changeAdmin)
    .where(and(eligibleAt(level), sql`${changeAdmin.id} <> ${exceptId}`));
  return Number(row?.n ?? 0);
}

export async function insertChange(
  tx: Tx,
  v: {
    kind: string;
    targetType: string;
    targetId: string | null;
    before: unknown;
    after: unknown;
    requiredLevel: ChangeLevel;
    status: 'pending' | 'delayed';
    proposerAdminId: number;
    delayHours: number | null;
  },
): Promise<AdminChangeRow> {
  const [row] = await tx
    .insert(adminChanges)
    .values({
      kind: v.kind,
      targetType: v.targetType,
      targetId: v.targetId,
      before: v.before,
      after: v.after,
      requiredLevel: v.requiredLevel,
      status: v.status,
      proposerAdminId: v.proposerAdminId,
      effectiveAt: v.delayHours === null ? null : sql`now() + make_interval(hours => ${v.delayHours}::int)`,
    })
    .returning();
  return row!;
}

export async function lockChange(tx: Tx, id: number): Promise<AdminChangeRow | undefined> {
  const [row] = await tx.select().from(adminChanges).where(eq(adminChanges.id, id)).for('update');
  return row;
}

export async function setStatus(
  tx: Tx,
  id: number,
  v: { status: ChangeStatus; decidedBy: number; reason?: string | null; targetId?: string },
): Promise<AdminChangeRow> {
  const [row] = await tx
    .update(adminChanges)
    .set({
      status: v.status,
      decidedByAdminId: v.decidedBy,
      decidedAt: sql`now()`,
      ...(v.reason !== undefined ? { reason: v.reason } : {}),
      ...(v.targetId !== undefined ? { targetId: v.targetId } : {}),
    })
    .where(eq(adminChanges.id, id))
    .returning();
  return row!;
}

export async function dueDelayedIds(exec: Executor, now: Date): Promise<number[]> {
  const rows = await exec
    .select({ id: adminChanges.id })
    .from(adminChanges)
    .where(and(eq(adminChanges.status, 'delayed'), lte(adminChanges.effectiveAt, now)))
    .orderBy(adminChanges.effectiveAt)
    .limit(100);
  return rows.map((r) => r.id);
}

/** The status of the newest change of `kinds` whose `after` has `field` = `value`. */
export async function latestStatusByPayload(
  exec: Executor,
  kinds: readonly string[],
  field: string,
  value: string,
): Promise<ChangeStatus | null> {
  const [row] = await exec
    .select({ status: adminChanges.status })
    .from(adminChanges)
    .where(and(inArray(adminChanges.kind, [...kinds]), sql`${adminChanges.after} ->> ${field} = ${value}`))
    .orderBy(desc(adminChanges.id))
    .limit(1);
  return row?.status ?? null;
}

interface Viewer {
  id: number;
  active: boolean;
  level: ChangeLevel | null;
  counts: boolean;
}

async function readViewer(exec: Executor, id: number): Promise<Viewer> {
  const [row] = await exec
    .select({
      role: changeAdmin.role,
      active: changeAdmin.isActive,
      level: changeAdmin.adminLevel,
      counts: sql<boolean>`${countsAsApprover(changeAdmin)}`,
    })
    .from(changeAdmin)
    .where(eq(changeAdmin.id, id));
  const admin = row?.role === 'admin' && row.active;
  return { id, active: admin, level: admin ? row.level : null, counts: row?.counts === true };
}

const hasLevel = (viewer: Viewer, level: ChangeLevel) =>
  viewer.active && (level === 'admin' || viewer.level === 'super_admin');

const isOpen = (change: AdminChangeRow) => change.status === 'pending' || change.status === 'delayed';

function permissions(change: AdminChangeRow, viewer: Viewer) {
  const other = change.proposerAdminId !== viewer.id;
  const open = isOpen(change);
  return {
    approve: open && other && hasLevel(viewer, change.requiredLevel) && viewer.counts,
    reject: open && other && hasLevel(viewer, change.requiredLevel),
    cancel: open && viewer.active && (!other || change.status === 'delayed'),
  };
}

/** 403 unless `adminId` may approve `change` now (see docs/pending-changes.md, "Who approves"). */
/** Whether an admin is still an active admin (a disabled or deleted one is not). */
export async function isActiveAdmin(exec: Executor, adminId: number): Promise<boolean> {
  return (await readViewer(exec, adminId)).active;
}

export async function assertMayApprove(tx: Tx, change: AdminChangeRow, adminId: number) {
  if (change.proposerAdminId === adminId) throw forbidden(CHANGE_TEXTS.ownProposal);
  const viewer = await readViewer(tx, adminId);
  if (!viewer.active) throw forbidden();
  if (!hasLevel(viewer, change.requiredLevel)) throw forbidden(CHANGE_TEXTS.levelTooLow);
  if (!viewer.counts) throw forbidden(CHANGE_TEXTS.tooNew);
}

export async function assertMayReject(tx: Tx, change: AdminChangeRow, adminId: number) {
  if (change.proposerAdminId === adminId) throw forbidden(CHANGE_TEXTS.cannotCancel);
  const viewer = await readViewer(tx, adminId);
  if (!viewer.active) throw forbidden();
  if (!hasLevel(viewer, change.requiredLevel)) throw forbidden(CHANGE_TEXTS.levelTooLow);
}

export async function assertMayCancel(tx: Tx, change: AdminChangeRow, adminId: number) {
  const viewer = await readViewer(tx, adminId);
  if (!permissions(change, viewer).cancel) throw forbidden(CHANGE_TEXTS.cannotCancel);
}

/** The open (pending or delayed) changes of one kind, newest first: what a feature's editor shows beside its value. */
export async function listOpenOfKind(exec: Executor, kind: string, viewerId: number, limit = 20) {
  const rows = await exec
    .select()
    .from(adminChanges)
    .where(and(eq(adminChanges.kind, kind), inArray(adminChanges.status, ['pending', 'delayed'])))
    .orderBy(desc(adminChanges.proposedAt), desc(adminChanges.id))
    .limit(limit);
  return describe(exec, rows, viewerId);
}

/** Rows as the API shows them to `viewerId` (e-mails, what the viewer may do). */
export async function describe(
  exec: Executor,
  rows: readonly AdminChangeRow[],
  viewerId: number,
): Promise<AdminChange[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.proposerAdminId, r.decidedByAdminId ?? r.proposerAdminId]))];
  const emails = new Map(
    ids.length
      ? (
          await exec
            .select({ id: changeAdmin.id, email: changeAdmin.email })
            .from(changeAdmin)
            .where(inArray(changeAdmin.id, ids))
        ).map((u) => [u.id, u.email] as const)
      : [],
  );
  const viewer = await readViewer(exec, viewerId);
  return rows.map((r) => {
    const may = permissions(r, viewer);
    return {
      id: r.id,
      kind: r.kind,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before ?? null,
      after: r.after,
      required_level: r.requiredLevel,
      status: r.status,
      proposer: { id: r.proposerAdminId, email: emails.get(r.proposerAdminId) ?? null },
      approver:
        r.decidedByAdminId === null
          ? null
          : { id: r.decidedByAdminId, email: emails.get(r.decidedByAdminId) ?? null },
      proposed_at: r.proposedAt.toISOString(),
      effective_at: r.effectiveAt?.toISOString() ?? null,
      decided_at: r.decidedAt?.toISOString() ?? null,
      reason: r.reason,
      can_approve: may.approve,
      can_reject: may.reject,
      can_cancel: may.cancel,
    };
  });
}

export interface ChangeListQuery {
  status?: ChangeStatus;
  page: number;
  limit: number;
}

export async function listChanges(exec: Executor, query: ChangeListQuery, viewerId: number) {
  const where = query.status ? eq(adminChanges.status, query.status) : undefined;
  const { limit, offset } = pageOf(query);
  const rows = await exec
    .select()
    .from(adminChanges)
    .where(where)
    .orderBy(desc(adminChanges.proposedAt), desc(adminChanges.id))
    .limit(limit)
    .offset(offset);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(adminChanges).where(where);
  return {
    changes: await describe(exec, rows, viewerId),
    pagination: paginationOf(query, Number(count?.n ?? 0)),
  };
}
