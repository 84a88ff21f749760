import {
  type AuditAction,
  type AuditLogsData,
  type AuditLogsQuery,
  beijingDayBounds,
  parseAuditActionFilter,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../core/caller.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { auditChainKey } from './audit.key.ts';
import * as repo from './audit.repository.ts';
import { auditLogs } from './audit.schema.ts';

/** The admin behind a change and where the request came from. */
export interface AuditActor {
  adminId: number;
  ip: string | null;
  userAgent: string | null;
}

/** The actor of an admin route; only valid behind requireAdmin. */
export function auditActor(request: FastifyRequest): AuditActor {
  return {
    adminId: caller(request).user.id,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

export interface AuditEntry {
  /** `<target>.<verb>`, e.g. `deposit.approve`: one of AUDIT_ACTION_LABELS, so 审计日志 has its label. */
  action: AuditAction;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row in the caller's transaction, so the record of a change commits or rolls
 * back with the change itself. Every admin write calls this.
 *
 * Write the audit row last in a transaction: it takes a lock (the audit chain's head row) held
 * until commit, so writing it before other locks (e.g. ledger accounts) holds that global lock
 * longer and takes locks in the opposite order to other writers — a possible deadlock.
 */
export async function recordAudit(exec: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const key = auditChainKey();
  const [row] = await exec
    .insert(auditLogs)
    .values({
      adminId: actor.adminId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent,
    })
    .returning({ id: auditLogs.id, hash: auditLogs.hash });
  // The seal (audit.key.ts): the trigger chained the row; the key, which the database never sees,
  // signs its hash. The one UPDATE the append-only trigger allows (migration 0042).
  if (!row?.hash) throw new Error('audit row not chained by the database trigger');
  await exec
    .update(auditLogs)
    .set({ keyId: key.keyId, mac: key.rowMac(row.hash) })
    .where(eq(auditLogs.id, row.id));
}

// --- reading the log (GET /api/admin/audit-logs) -------------------------------------------------

/** One page of the log, newest first, with the distinct action names for the filter select. */
export async function listAuditLogs(exec: Executor, query: AuditLogsQuery): Promise<AuditLogsData> {
  const { start, end } = beijingDayBounds(query.dateFrom, query.dateTo);
  const filter: repo.AuditLogFilter = {
    action: query.action ? parseAuditActionFilter(query.action) : undefined,
    targetType: query.targetType || undefined,
    targetId: query.targetId || undefined,
    start,
    end,
  };
  if (query.adminId) filter.adminIds = [query.adminId];
  if (query.search) {
    const matching = await repo.selectAuditAdminIdsByEmail(exec, query.search);
    filter.adminIds = filter.adminIds ? filter.adminIds.filter((id) => matching.includes(id)) : matching;
  }

  const actions = await repo.selectDistinctActions(exec);
  if (filter.adminIds?.length === 0) return { logs: [], pagination: paginationOf(query, 0), actions };

  const [rows, total] = await Promise.all([
    repo.selectAuditLogs(exec, filter, pageOf(query)),
    repo.countAuditLogs(exec, filter),
  ]);
  return {
    logs: rows.map((row) => ({
      id: row.id,
      admin: { id: row.adminId, email: row.adminEmail },
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
    })),
    pagination: paginationOf(query, total),
    actions,
  };
}
