import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countOf, readCounters } from '../stats/counters.ts';
import { userDirectory as userDirectorySql } from '../users/users.reads.ts';
import { likeEscape, userDirectory } from '../users/users.ts';
import { auditLogs } from './audit.schema.ts';

/** Data access of the audit log: only SQL here, the service decides. */

export interface AuditLogFilter {
  /** Admins whose rows to show (from adminId and/or the e-mail search); undefined = all. */
  adminIds?: number[];
  action?: { prefix: boolean; value: string };
  targetType?: string;
  targetId?: string;
  start?: Date;
  end?: Date;
}

/** LIKE pattern text with its wildcards escaped (backslash is the default escape). */

function conditions(filter: AuditLogFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.adminIds) parts.push(inArray(auditLogs.adminId, filter.adminIds));
  if (filter.action) {
    parts.push(
      filter.action.prefix
        ? sql`${auditLogs.action} LIKE ${`${likeEscape(filter.action.value)}%`}`
        : eq(auditLogs.action, filter.action.value),
    );
  }
  if (filter.targetType) parts.push(eq(auditLogs.targetType, filter.targetType));
  if (filter.targetId) parts.push(eq(auditLogs.targetId, filter.targetId));
  if (filter.start) parts.push(gte(auditLogs.createdAt, filter.start));
  if (filter.end) parts.push(lt(auditLogs.createdAt, filter.end));
  return and(...parts);
}

export interface AuditLogRow {
  id: number;
  adminId: number;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** The admin who wrote the row. */
const admin = userDirectory('audit_admin');

/** One page, newest first (audit_logs_created_idx, or the admin/action index when filtered). */
export async function selectAuditLogs(
  exec: Executor,
  filter: AuditLogFilter,
  page: { limit: number; offset: number },
): Promise<AuditLogRow[]> {
  return exec
    .select({
      id: auditLogs.id,
      adminId: auditLogs.adminId,
      adminEmail: admin.email,
      action: auditLogs.action,
      targetType: auditLogs.targetType,
      targetId: auditLogs.targetId,
      before: auditLogs.before,
      after: auditLogs.after,
      ip: auditLogs.ip,
      userAgent: auditLogs.userAgent,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .innerJoin(admin, eq(admin.id, auditLogs.adminId))
    .where(conditions(filter))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Unfiltered: the audit.count running total (modules/stats); filtered: an indexed count. */
export async function countAuditLogs(exec: Executor, filter: AuditLogFilter): Promise<number> {
  const where = conditions(filter);
  if (!where) return countOf((await readCounters(exec, ['audit.count']))['audit.count']);
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(where);
  return Number(row?.n ?? 0);
}

/** The most distinct values the loose index scans below walk (a limit on everything). */
const MAX_DISTINCT = 500;

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Distinct action names by a loose index scan of audit_logs_action_created_idx: one index probe
 * per name, however many rows the log holds.
 */
export async function selectDistinctActions(exec: Executor): Promise<string[]> {
  const result = await rows<{ action: string }>(
    exec,
    sql`WITH RECURSIVE walk(action, n) AS (
          (SELECT action, 1 FROM audit_logs ORDER BY action LIMIT 1)
          UNION ALL
          SELECT (SELECT a.action FROM audit_logs a WHERE a.action > walk.action ORDER BY a.action LIMIT 1), walk.n + 1
          FROM walk WHERE walk.action IS NOT NULL AND walk.n < ${MAX_DISTINCT}
        )
        SELECT action FROM walk WHERE action IS NOT NULL`,
  );
  return result.map((r) => r.action);
}

/**
 * Admins who appear in the log and whose e-mail contains `search`: the distinct admin ids come
 * from a loose index scan of audit_logs_admin_created_idx, so the users table is only probed by
 * primary key (no scan of every user's e-mail).
 */
export async function selectAuditAdminIdsByEmail(exec: Executor, search: string): Promise<number[]> {
  const result = await rows<{ id: string }>(
    exec,
    sql`WITH RECURSIVE walk(admin_id, n) AS (
          (SELECT admin_id, 1 FROM audit_logs ORDER BY admin_id LIMIT 1)
          UNION ALL
          SELECT (SELECT a.admin_id FROM audit_logs a WHERE a.admin_id > walk.admin_id ORDER BY a.admin_id LIMIT 1), walk.n + 1
          FROM walk WHERE walk.admin_id IS NOT NULL AND walk.n < ${MAX_DISTINCT}
        )
        SELECT u.id::text AS id FROM walk JOIN ${userDirectorySql} u ON u.id = walk.admin_id
        WHERE u.email LIKE ${`%${likeEscape(search.toLowerCase())}%`}`,
  );
  return result.map((r) => Number(r.id));
}
